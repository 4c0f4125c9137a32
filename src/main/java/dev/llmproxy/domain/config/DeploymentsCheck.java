package dev.llmproxy.domain.config;

import dev.llmproxy.domain.catalog.AllowedModel;
import dev.llmproxy.domain.catalog.Provider;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The deployment groups the models name ({@code deploymentOf}): a valid name no model has, and deployments that are
 * one model. What can be compared is: they make the same kind of answer, name the same family where both name one,
 * and, at providers of one kind, the same upstream model (at different kinds the names differ by nature, an Azure
 * deployment's or a Bedrock id, and the admin's grouping is the declaration). Weights are given to every deployment
 * of a group or to none (then it is balanced by observed latency).
 */
final class DeploymentsCheck {

    /** A share beyond this is a typo: 1,000 to 1 already sends one request in a thousand. */
    static final int MAX_WEIGHT = 1_000;

    private DeploymentsCheck() {
    }

    /** @return each group's deployments by group name, in allowlist order */
    static Map<String, List<AllowedModel>> check(List<AllowedModel> models, Map<String, AllowedModel> byName,
                                                 Map<String, Provider> providers, List<Problem> problems) {
        Map<String, List<AllowedModel>> groups = new LinkedHashMap<>();
        for (int i = 0; i < models.size(); i++) {
            AllowedModel m = models.get(i);
            String at = "models[" + i + "]";
            if (m.weight() != null && (m.weight() < 1 || m.weight() > MAX_WEIGHT)) {
                problems.add(new Problem(at + ".weight", "must be from 1 to " + MAX_WEIGHT));
            }
            if (m.deploymentOf() == null) {
                if (m.weight() != null) {
                    problems.add(new Problem(at + ".weight", "only a deployment of a group (deploymentOf) has a weight"));
                }
                continue;
            }
            ConfigNames.check(problems, at + ".deploymentOf", m.deploymentOf());
            if (byName.containsKey(m.deploymentOf())) {
                problems.add(new Problem(at + ".deploymentOf", "'" + m.deploymentOf()
                        + "' is also a model name; callers could not tell them apart"));
            }
            List<AllowedModel> group = groups.computeIfAbsent(m.deploymentOf(), g -> new ArrayList<>());
            if (!group.isEmpty()) {
                sameModel(group.get(0), m, providers, at, problems);
            }
            group.add(m);
        }
        return groups;
    }

    private static void sameModel(AllowedModel first, AllowedModel m, Map<String, Provider> providers, String at,
                                  List<Problem> problems) {
        String of = " as '" + first.name() + "' (both deployments of '" + m.deploymentOf() + "')";
        if (!Objects.equals(first.vectorSpace(), m.vectorSpace())) {
            problems.add(new Problem(at + ".deploymentOf", "'" + m.name() + "' " + TiersCheck.makes(m) + " but '"
                    + first.name() + "' " + TiersCheck.makes(first) + "; the deployments of a group are one model"));
        }
        if (first.family() != null && m.family() != null && !first.family().equals(m.family())) {
            problems.add(new Problem(at + ".family", "must be '" + first.family() + "'" + of));
        }
        Provider p = providers.get(m.provider());
        Provider q = providers.get(first.provider());
        if (p != null && q != null && p.kind() == q.kind() && !first.upstreamModel().equals(m.upstreamModel())) {
            problems.add(new Problem(at + ".upstreamModel", "must be '" + first.upstreamModel() + "'" + of
                    + ": at providers of one kind, one model has one name"));
        }
        if ((first.weight() == null) != (m.weight() == null)) {
            problems.add(new Problem(at + ".weight", "weigh every deployment of '" + m.deploymentOf()
                    + "' or none (none: balanced by observed latency)"));
        }
    }
}
