package dev.llmproxy.interfaces.admin;

import dev.llmproxy.application.config.ConfigService;
import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.application.local.LocalModels;
import dev.llmproxy.application.local.ParityTable;
import jakarta.inject.Inject;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** The local parity table: each model's local stand-in, whether the local server holds it, and the server's state. */
@Path("parity")
@Produces(MediaType.APPLICATION_JSON)
public class ParityResource {

    @Inject
    ConfigService configs;
    @Inject
    LocalModels local;

    @GET
    public JsonObject table() {
        LocalModels.Status s = local.status();
        JsonArrayBuilder rows = JsonCodec.array();
        for (ParityTable.Row r : ParityTable.of(configs.current(), s)) {
            JsonObjectBuilder b = JsonCodec.object().add("model", r.model()).add("upstreamModel", r.upstreamModel())
                    .add("standIn", r.standIn());
            if (r.standInUpstream() != null) {
                b.add("standInUpstreamModel", r.standInUpstream());
            }
            if (r.present() == null) {
                b.addNull("present");
            } else {
                b.add("present", r.present());
            }
            rows.add(b);
        }
        JsonObjectBuilder server = JsonCodec.object().add("development", s.development())
                .add("up", s.up()).add("routingToStandIns", local.routeToStandIns());
        if (s.url() != null) {
            server.add("url", s.url());
        }
        if (s.version() != null) {
            server.add("version", s.version());
        }
        if (s.checkedAt() != null) {
            server.add("checkedAt", s.checkedAt().toString());
        }
        return JsonCodec.object().add("local", server).add("models", rows).build();
    }
}
