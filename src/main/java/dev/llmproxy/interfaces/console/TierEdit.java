package dev.llmproxy.interfaces.console;

import dev.llmproxy.domain.config.AnswerReuse;
import dev.llmproxy.domain.config.RuntimeConfig;
import dev.llmproxy.domain.config.Tier;

import java.util.ArrayList;
import java.util.List;

/**
 * One edit of a tier from the console's forms: move a model up or down the chain, remove it, add one, add or remove
 * a model a content refusal goes to, change how long its answers are given again, or change the description. Pure:
 * returns the new configuration (validated by {@link RuntimeConfig#of}) and a summary.
 *
 * @param reuse for {@code reuse}: how long answers are given again
 */
public record TierEdit(String action, Integer index, String model, String description, String newName,
                       AnswerReuse reuse) {

    public TierEdit(String action, Integer index, String model, String description) {
        this(action, index, model, description, null, null);
    }

    public TierEdit(String action, Integer index, String model, String description, String newName) {
        this(action, index, model, description, newName, null);
    }

    /** A new tier with one model in its chain (more are added on its page). */
    public static Result create(RuntimeConfig current, String name, String firstModel, String description) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("A tier needs a name.");
        }
        if (firstModel == null || current.model(firstModel).isEmpty()) {
            throw new IllegalArgumentException("Choose an allowlisted model to start the chain.");
        }
        if (current.tier(name.strip()).isPresent()) {
            throw new IllegalArgumentException("There is already a tier named '" + name.strip() + "'.");
        }
        List<Tier> tiers = new ArrayList<>(current.tiers());
        tiers.add(new Tier(name.strip(), description == null || description.isBlank() ? null : description.strip(),
                List.of(firstModel)));
        return new Result(current.withTiers(tiers), "tier " + name.strip() + " created (chain [" + firstModel + "])");
    }

    /** The configuration after the edit, and what changed in words (for the version history). */
    public record Result(RuntimeConfig config, String summary) {
    }

    /** @throws IllegalArgumentException naming what is wrong with the edit */
    public Result apply(RuntimeConfig current, String tierName) {
        Tier tier = current.tier(tierName).orElseThrow(() ->
                new IllegalArgumentException("There is no tier named '" + tierName + "'."));
        List<String> chain = new ArrayList<>(tier.chain());
        String description = tier.description();
        String name = tierName;
        boolean hedged = tier.hedged();
        List<String> onRefusal = new ArrayList<>(tier.onRefusal());
        AnswerReuse reused = tier.reuse();
        String summary;
        switch (action == null ? "" : action) {
            case "up", "down" -> {
                int i = checkedIndex(chain);
                int j = action.equals("up") ? i - 1 : i + 1;
                if (j < 0 || j >= chain.size()) {
                    throw new IllegalArgumentException("'" + chain.get(i) + "' cannot move " + action + " any further.");
                }
                chain.set(i, chain.set(j, chain.get(i)));
                summary = "tier " + tierName + ": moved " + chain.get(j) + " " + action + " (chain " + chain + ")";
            }
            case "remove" -> {
                int i = checkedIndex(chain);
                if (chain.size() == 1) {
                    throw new IllegalArgumentException("A tier needs at least one model: add another before removing '"
                            + chain.get(i) + "'.");
                }
                summary = "tier " + tierName + ": removed " + chain.remove(i) + " (chain " + chain + ")";
            }
            case "add" -> {
                if (model == null || current.model(model).isEmpty()) {
                    throw new IllegalArgumentException("Choose an allowlisted model to add.");
                }
                if (chain.contains(model)) {
                    throw new IllegalArgumentException("'" + model + "' is already in the chain.");
                }
                chain.add(model);
                summary = "tier " + tierName + ": added " + model + " (chain " + chain + ")";
            }
            case "describe" -> {
                description = this.description == null ? null : this.description.strip();
                if (description != null && description.length() > 1000) {
                    throw new IllegalArgumentException("The description may have at most 1000 characters.");
                }
                summary = "tier " + tierName + ": description changed";
            }
            case "rename" -> {
                if (newName == null || newName.isBlank()) {
                    throw new IllegalArgumentException("Give the new name.");
                }
                name = newName.strip();
                if (!name.equals(tierName) && current.tier(name).isPresent()) {
                    throw new IllegalArgumentException("There is already a tier named '" + name + "'.");
                }
                summary = "tier " + tierName + " renamed to " + name + " (callers asking for " + tierName
                        + " are now refused)";
            }
            case "refusal-add" -> {
                if (model == null || current.model(model).isEmpty()) {
                    throw new IllegalArgumentException("Choose an allowlisted model for refusals to go to.");
                }
                if (onRefusal.contains(model)) {
                    throw new IllegalArgumentException("Refusals already go to '" + model + "'.");
                }
                onRefusal.add(model);
                summary = "tier " + tierName + ": refusals go to " + onRefusal;
            }
            case "refusal-remove" -> {
                if (index == null || index < 0 || index >= onRefusal.size()) {
                    throw new IllegalArgumentException("That model is not among those refusals go to (it may have changed).");
                }
                String removed = onRefusal.remove((int) index);
                summary = "tier " + tierName + ": refusals no longer go to " + removed
                        + (onRefusal.isEmpty() ? " (a refusal stops)" : " (they go to " + onRefusal + ")");
            }
            case "reuse" -> {
                if (reuse == null) {
                    throw new IllegalArgumentException("Give both durations in whole seconds (0 for never).");
                }
                reused = reuse;
                summary = "tier " + tierName + ": " + (reused.keeps() ? "answers given again while "
                        + reused.maxAge().toSeconds() + " s fresh, in place of an outage up to "
                        + reused.staleIfError().toSeconds() + " s old" : "answers no longer given again");
            }
            case "hedge", "unhedge" -> {
                hedged = action.equals("hedge");
                summary = "tier " + tierName + (hedged ? ": hedges slow models" : ": no longer hedges");
            }
            default -> throw new IllegalArgumentException("Unknown change '" + action + "'.");
        }
        List<Tier> tiers = new ArrayList<>();
        for (Tier t : current.tiers()) {
            tiers.add(t.name().equals(tierName) ? new Tier(name, description, chain, hedged, onRefusal, reused) : t);
        }
        RuntimeConfig next = current.withTiers(tiers);
        return new Result(next, summary);
    }

    private int checkedIndex(List<String> chain) {
        if (index == null || index < 0 || index >= chain.size()) {
            throw new IllegalArgumentException("That position is not in the chain (it may have changed).");
        }
        return index;
    }
}
