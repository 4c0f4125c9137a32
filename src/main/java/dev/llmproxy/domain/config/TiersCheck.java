package dev.llmproxy.domain.config;

import dev.llmproxy.domain.catalog.AllowedModel;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The tiers: unique valid names no model or group has, and chains of allowlisted models and deployment groups, each
 * once, that all make one kind of answer (chat, or vectors of one space).
 */
final class TiersCheck {

    private TiersCheck() {
    }

    /** @return the tiers by name, in order (the first of a duplicate) */
    static Map<String, Tier> check(List<Tier> tiers, Map<String, AllowedModel> models,
                                   Map<String, List<AllowedModel>> groups, List<Problem> problems) {
        Map<String, Tier> byName = new LinkedHashMap<>();
        for (int i = 0; i < tiers.size(); i++) {
            Tier t = tiers.get(i);
            String at = "tiers[" + i + "]";
            ConfigNames.check(problems, at + ".name", t.name());
            if (byName.putIfAbsent(t.name(), t) != null) {
                problems.add(new Problem(at + ".name", "duplicate tier '" + t.name() + "'"));
            }
            if (models.containsKey(t.name()) || groups.containsKey(t.name())) {
                problems.add(new Problem(at + ".name", "'" + t.name() + "' is also a model"
                        + (models.containsKey(t.name()) ? "" : " group") + " name; callers could not tell them apart"));
            }
            if (t.chain().isEmpty()) {
                problems.add(new Problem(at + ".chain", "must name at least one model"));
            }
            Set<String> seen = new HashSet<>();
            AllowedModel first = null;
            for (int j = 0; j < t.chain().size(); j++) {
                String model = t.chain().get(j);
                AllowedModel m = groups.containsKey(model) ? groups.get(model).get(0) : models.get(model);
                if (m == null) {
                    problems.add(new Problem(at + ".chain[" + j + "]", "'" + model
                            + "' is neither an allowlisted model nor a deployment group"));
                } else if (first == null) {
                    first = m;
                } else if (!Objects.equals(first.vectorSpace(), m.vectorSpace())) {
                    problems.add(new Problem(at + ".chain[" + j + "]", mixed(first, m)));
                }
                if (!seen.add(model)) {
                    problems.add(new Problem(at + ".chain[" + j + "]", "'" + model + "' appears twice"));
                }
            }
            checkOnRefusal(t, at, models, groups, problems);
            checkReuse(t.reuse().maxAge(), at + ".maxAgeSeconds", problems);
            checkReuse(t.reuse().staleIfError(), at + ".staleIfErrorSeconds", problems);
        }
        return byName;
    }

    private static void checkReuse(java.time.Duration d, String path, List<Problem> problems) {
        if (d.isNegative() || d.compareTo(AnswerReuse.MOST) > 0) {
            problems.add(new Problem(path, "must be 0 to " + AnswerReuse.MOST.toSeconds()
                    + " seconds (answers are kept a day)"));
        }
    }

    /** The models a refusal goes to: allowlisted chat models or groups, each once. */
    private static void checkOnRefusal(Tier t, String at, Map<String, AllowedModel> models,
                                       Map<String, List<AllowedModel>> groups, List<Problem> problems) {
        Set<String> seen = new HashSet<>();
        for (int j = 0; j < t.onRefusal().size(); j++) {
            String model = t.onRefusal().get(j);
            String path = at + ".onRefusal[" + j + "]";
            AllowedModel m = groups.containsKey(model) ? groups.get(model).get(0) : models.get(model);
            if (m == null) {
                problems.add(new Problem(path, "'" + model + "' is neither an allowlisted model nor a deployment group"));
            } else if (m.embeds()) {
                problems.add(new Problem(path, "'" + model + "' " + makes(m) + "; only a chat answer can be refused"));
            }
            if (!seen.add(model)) {
                problems.add(new Problem(path, "'" + model + "' appears twice"));
            }
        }
    }

    /** What a model makes, as a problem says it: chat answers, or vectors of its space. */
    static String makes(AllowedModel m) {
        return m.embeds() ? "makes vectors of " + m.vectorSpace() : "makes chat answers";
    }

    private static String mixed(AllowedModel first, AllowedModel m) {
        if (first.embeds() && m.embeds()) {
            return "'" + m.name() + "' makes vectors of " + m.vectorSpace() + " but '" + first.name() + "' of "
                    + first.vectorSpace() + "; vectors of two spaces cannot be compared, so falling back from one to"
                    + " the other would corrupt the caller's index";
        }
        return "'" + m.name() + "' " + makes(m) + " but '" + first.name() + "' " + makes(first)
                + "; a tier's chain makes one kind of answer";
    }
}
