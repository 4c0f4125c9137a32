package dev.llmproxy.domain.config;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The tiers: unique valid names no model has, and chains of allowlisted models, each once. */
final class TiersCheck {

    private TiersCheck() {
    }

    /** @return the tiers by name, in order (the first of a duplicate) */
    static Map<String, Tier> check(List<Tier> tiers, Map<String, AllowedModel> models, List<Problem> problems) {
        Map<String, Tier> byName = new LinkedHashMap<>();
        for (int i = 0; i < tiers.size(); i++) {
            Tier t = tiers.get(i);
            String at = "tiers[" + i + "]";
            ConfigNames.check(problems, at + ".name", t.name());
            if (byName.putIfAbsent(t.name(), t) != null) {
                problems.add(new Problem(at + ".name", "duplicate tier '" + t.name() + "'"));
            }
            if (models.containsKey(t.name())) {
                problems.add(new Problem(at + ".name", "'" + t.name()
                        + "' is also a model name; callers could not tell them apart"));
            }
            if (t.chain().isEmpty()) {
                problems.add(new Problem(at + ".chain", "must name at least one model"));
            }
            Set<String> seen = new HashSet<>();
            for (int j = 0; j < t.chain().size(); j++) {
                String model = t.chain().get(j);
                if (!models.containsKey(model)) {
                    problems.add(new Problem(at + ".chain[" + j + "]", "'" + model + "' is not an allowlisted model"));
                }
                if (!seen.add(model)) {
                    problems.add(new Problem(at + ".chain[" + j + "]", "'" + model + "' appears twice"));
                }
            }
        }
        return byName;
    }
}
