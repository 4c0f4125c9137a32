package dev.llmproxy.interfaces.console;

import dev.llmproxy.application.access.ApiKeys;
import dev.llmproxy.application.config.ConfigService;
import dev.llmproxy.domain.config.ConfigValidationException;
import dev.llmproxy.domain.admission.Priority;
import dev.llmproxy.domain.config.Tier;
import dev.llmproxy.domain.spend.BudgetLimits;
import dev.llmproxy.domain.keys.ApiKey;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.io.IOException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/** Caller API keys: create (the key is shown on that page only, once), list, revoke. */
@ApplicationScoped
public class KeysPage {

    private final ApiKeys keys;
    private final ConfigService configs;

    @Inject
    KeysPage(ApiKeys keys, ConfigService configs) {
        this.keys = keys;
        this.configs = configs;
    }

    /** For the container's client proxy. */
    protected KeysPage() {
        this(null, null);
    }

    /** A key as the page shows it (never the key itself, which is not stored). */
    public record KeyRow(String id, String name, String scope, String tiers, String limit, String priority,
                         String created, String createdBy, boolean revoked, String status) {
        static KeyRow of(ApiKey k) {
            return new KeyRow(k.id(), k.name(), k.scope() == null ? "route or default" : k.scope(),
                    k.allowedTiers().isEmpty() ? "all" : String.join(", ", new TreeSet<>(k.allowedTiers())),
                    k.limitPerMinute() == null ? "default" : k.limitPerMinute().toString(), k.priority().word(),
                    k.createdAt().toString(),
                    k.createdBy(), k.revoked(), k.revoked() ? "revoked " + k.revokedAt() + " by " + k.revokedBy() : "active");
        }
    }

    void list(ConsoleRequest r) throws IOException {
        render(r, null, List.of(), Map.of());
    }

    void create(ConsoleRequest r) throws IOException {
        String[] tiers = r.req().getParameterValues("allowedTiers");
        Integer limit = null;
        if (r.param("limitPerMinute") != null) {
            try {
                limit = Integer.valueOf(r.param("limitPerMinute"));
            } catch (NumberFormatException e) {
                render(r, null, List.of("limitPerMinute: must be a whole number"), formValues(r));
                return;
            }
        }
        Priority priority = r.param("priority") == null ? null : Priority.of(r.param("priority")).orElse(null);
        if (r.param("priority") != null && priority == null) {
            render(r, null, List.of("priority: must be interactive, standard or batch"), formValues(r));
            return;
        }
        try {
            ApiKeys.Created created = keys.create(new ApiKeys.Request(r.param("name"), r.param("scope"),
                    tiers == null ? List.of() : Arrays.asList(tiers), limit, BudgetLimits.NONE, priority), r.user());
            render(r, created.secret(), List.of(), Map.of());
        } catch (ConfigValidationException e) {
            r.res().setStatus(400);
            render(r, null, e.problems(), formValues(r));
        }
    }

    void revoke(ConsoleRequest r, String id) throws IOException {
        if (keys.revoke(id, r.user()).isEmpty()) {
            r.error(404, "Not found", "No API key has this id.");
            return;
        }
        r.redirect("/keys");
    }

    private static Map<String, String> formValues(ConsoleRequest r) {
        Map<String, String> v = new HashMap<>();
        for (String f : List.of("name", "scope", "limitPerMinute", "priority")) {
            v.put(f, r.param(f) == null ? "" : r.param(f));
        }
        return v;
    }

    private void render(ConsoleRequest r, String newKey, List<String> problems, Map<String, String> values)
            throws IOException {
        Map<String, Object> model = new HashMap<>();
        model.put("keys", keys.list().stream().map(KeyRow::of).toList());
        model.put("newKey", newKey);
        model.put("problems", problems);
        model.put("values", values);
        model.put("tiers", configs.current().tiers().stream().map(Tier::name).toList());
        model.put("priorities", Arrays.stream(Priority.values()).map(Priority::word).toList());
        r.render("keys", "keys", model);
    }
}
