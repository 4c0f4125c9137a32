package dev.llmproxy.application.local;

import dev.llmproxy.domain.catalog.AllowedModel;
import dev.llmproxy.domain.config.RuntimeConfig;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Which allowlisted model stands in for which in development, and whether the local server holds each stand-in. */
public final class ParityTable {

    /**
     * One model and its stand-in.
     *
     * @param standInUpstream the stand-in's own model name at the local server, or null when the stand-in is missing
     * @param present         whether the local server holds it; null when the server is not known to be up
     */
    public record Row(String model, String upstreamModel, String standIn, String standInUpstream, Boolean present) {
    }

    private ParityTable() {
    }

    public static List<Row> of(RuntimeConfig config, LocalModels.Status local) {
        List<Row> rows = new ArrayList<>();
        for (AllowedModel m : config.models()) {
            if (m.localStandIn() == null) {
                continue;
            }
            Optional<AllowedModel> standIn = config.model(m.localStandIn());
            String upstream = standIn.map(AllowedModel::upstreamModel).orElse(null);
            Boolean present = !local.up() || upstream == null ? null : local.holds(upstream);
            rows.add(new Row(m.name(), m.upstreamModel(), m.localStandIn(), upstream, present));
        }
        return rows;
    }
}
