package dev.llmproxy.interfaces.json;

import dev.llmproxy.application.breaker.ModelHealth;
import dev.llmproxy.application.json.JsonCodec;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObjectBuilder;

import java.util.List;

/** Models' breaker states as the public status and the admin API both show them. */
public final class ModelStatusJson {

    private ModelStatusJson() {
    }

    public static JsonArrayBuilder of(List<ModelHealth.ModelStatus> models) {
        JsonArrayBuilder out = JsonCodec.array();
        for (ModelHealth.ModelStatus m : models) {
            JsonObjectBuilder o = JsonCodec.object().add("name", m.name()).add("state", m.state().name().toLowerCase());
            m.untilProbe().ifPresent(d -> o.add("nextProbeInSeconds", (d.toMillis() + 999) / 1000));
            out.add(o);
        }
        return out;
    }
}
