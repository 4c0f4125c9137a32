package dev.llmproxy.interfaces.console;

import dev.llmproxy.application.config.ConfigService;
import dev.llmproxy.domain.catalog.AllowedModel;
import dev.llmproxy.domain.config.ConfigValidationException;
import dev.llmproxy.domain.config.AnswerReuse;
import dev.llmproxy.domain.config.RuntimeConfig;
import dev.llmproxy.domain.config.Tier;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/** Tiers and their ordered chains; admins reorder, add, remove and describe. */
@ApplicationScoped
public class TiersPage {

    private final ConfigService configs;

    @Inject
    TiersPage(ConfigService configs) {
        this.configs = configs;
    }

    /** For the container's client proxy. */
    protected TiersPage() {
        this(null);
    }

    /** One model of a chain as the page shows it. */
    public record ChainEntry(int index, String model, boolean enabled, boolean first, boolean last) {
    }

    /**
     * @param onRefusal         the models a content refusal goes to, in order
     * @param maxAgeSeconds     how long an answer is given again while fresh (0: never)
     * @param staleIfErrorSeconds how old an answer may be to stand in for an outage (0: never)
     */
    public record TierView(String name, String description, List<ChainEntry> chain, boolean hedged,
                           List<String> onRefusal, long maxAgeSeconds, long staleIfErrorSeconds) {
    }

    void list(ConsoleRequest r) throws IOException {
        RuntimeConfig c = configs.current();
        r.render("tiers", "tiers", Map.of("tiers", c.tiers().stream().map(t -> view(c, t)).toList(),
                "version", c.version(), "models", c.models().stream().map(AllowedModel::name).toList()));
    }

    void create(ConsoleRequest r) throws IOException {
        RuntimeConfig current = configs.current();
        if (r.stale(current.version())) {
            return;
        }
        TierEdit.Result result;
        try {
            result = TierEdit.create(current, r.param("name"), r.param("model"), r.param("description"));
        } catch (IllegalArgumentException | ConfigValidationException e) {
            r.error(400, "Not saved", e.getMessage());
            return;
        }
        configs.replace(result.config(), r.user(), result.summary());
        r.redirect("/tiers/" + URLEncoder.encode(r.param("name"), StandardCharsets.UTF_8));
    }

    void show(ConsoleRequest r, String name) throws IOException {
        RuntimeConfig c = configs.current();
        Tier tier = c.tier(name).orElse(null);
        if (tier == null) {
            r.error(404, "Not found", "There is no tier with this name.");
            return;
        }
        List<String> addable = c.models().stream().map(AllowedModel::name).filter(m -> !tier.chain().contains(m)).toList();
        List<String> refusable = c.models().stream().filter(m -> !m.embeds()).map(AllowedModel::name)
                .filter(m -> !tier.onRefusal().contains(m)).toList();
        r.render("tier", "tiers", Map.of("tier", view(c, tier), "addable", addable, "refusable", refusable,
                "version", c.version()));
    }

    void change(ConsoleRequest r, String name) throws IOException {
        RuntimeConfig current = configs.current();
        if (r.stale(current.version())) {
            return;
        }
        Integer index = null;
        try {
            index = r.param("index") == null ? null : Integer.valueOf(r.param("index"));
        } catch (NumberFormatException e) {
            // reported by the edit as a position not in the chain
        }
        TierEdit.Result result;
        try {
            result = new TierEdit(r.param("action"), index, r.param("model"), r.req().getParameter("description"),
                    r.param("newName"), reuse(r)).apply(current, name);
        } catch (IllegalArgumentException | ConfigValidationException e) {
            r.error(400, "Not saved", e.getMessage());
            return;
        }
        configs.replace(result.config(), r.user(), result.summary());
        String shown = "rename".equals(r.param("action")) ? r.param("newName") : name;
        r.redirect("/tiers/" + URLEncoder.encode(shown, StandardCharsets.UTF_8));
    }

    /** The durations of the answers form, or null when either is not a whole number of seconds. */
    private static AnswerReuse reuse(ConsoleRequest r) {
        try {
            return AnswerReuse.ofSeconds(Long.parseLong(String.valueOf(r.param("maxAgeSeconds")).strip()),
                    Long.parseLong(String.valueOf(r.param("staleIfErrorSeconds")).strip()));
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static TierView view(RuntimeConfig c, Tier t) {
        List<String> chain = t.chain();
        return new TierView(t.name(), t.description(), java.util.stream.IntStream.range(0, chain.size())
                .mapToObj(i -> new ChainEntry(i, chain.get(i), c.model(chain.get(i)).map(AllowedModel::enabled).orElse(false),
                        i == 0, i == chain.size() - 1)).toList(), t.hedged(), t.onRefusal(),
                t.reuse().maxAge().toSeconds(), t.reuse().staleIfError().toSeconds());
    }
}
