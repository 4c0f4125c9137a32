package dev.llmproxy.domain.routing;

import dev.llmproxy.domain.latency.LatencyKind;
import dev.llmproxy.domain.latency.ModelLatencies;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.DoubleSupplier;

/**
 * Balances the deployments of each group a chain names, before the run: the deployment that goes first is drawn by
 * weight, or is the fastest lately (median, to the first token for a stream) when the group has no weights. The
 * others follow in the same way, so a failure fails over inside the group before the chain moves on. A deployment
 * with too little recent history goes before the measured ones: that is how it gets measured.
 */
final class DeploymentOrder {

    private final ModelLatencies latencies;
    private final DoubleSupplier random;

    DeploymentOrder(ModelLatencies latencies, DoubleSupplier random) {
        this.latencies = latencies;
        this.random = random;
    }

    /** @return the candidates with each group's deployments balanced; the same list when the chain names no group */
    List<Candidate> apply(List<Candidate> candidates, boolean stream) {
        if (candidates.stream().allMatch(c -> c.group() == null)) {
            return candidates;
        }
        List<Candidate> out = new ArrayList<>(candidates.size());
        int i = 0;
        while (i < candidates.size()) {
            String group = candidates.get(i).group();
            int end = i + 1;
            while (group != null && end < candidates.size() && group.equals(candidates.get(end).group())) {
                end++;
            }
            List<Candidate> deployments = candidates.subList(i, end);
            if (deployments.size() < 2) {
                out.addAll(deployments);
            } else if (deployments.get(0).model().weight() != null) {
                out.addAll(byWeight(deployments));
            } else {
                out.addAll(byLatency(deployments, stream ? LatencyKind.FIRST_TOKEN : LatencyKind.TOTAL));
            }
            i = end;
        }
        return out;
    }

    /** Drawn one after another, each in proportion to its weight among those left. */
    private List<Candidate> byWeight(List<Candidate> deployments) {
        List<Candidate> left = new ArrayList<>(deployments);
        List<Candidate> drawn = new ArrayList<>(deployments.size());
        while (!left.isEmpty()) {
            double total = left.stream().mapToInt(c -> c.model().weight()).sum();
            double point = random.getAsDouble() * total;
            int k = 0;
            double reach = left.get(0).model().weight();
            while (reach <= point && k < left.size() - 1) {
                k++;
                reach += left.get(k).model().weight();
            }
            drawn.add(left.remove(k));
        }
        return drawn;
    }

    private List<Candidate> byLatency(List<Candidate> deployments, LatencyKind kind) {
        return deployments.stream().sorted(Comparator.comparing((Candidate c) ->
                latencies.percentile(c.model().name(), kind, 50).orElse(Duration.ZERO))).toList();
    }
}
