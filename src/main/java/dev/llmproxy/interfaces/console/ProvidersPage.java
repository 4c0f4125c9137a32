package dev.llmproxy.interfaces.console;

import dev.llmproxy.application.config.ConfigService;
import dev.llmproxy.domain.config.ConfigValidationException;
import dev.llmproxy.domain.config.Problem;
import dev.llmproxy.domain.catalog.Provider;
import dev.llmproxy.domain.catalog.ProviderKind;
import dev.llmproxy.domain.config.RuntimeConfig;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Providers: kind, base URL and the *name* of the secret that holds the key (keys never pass through the console).
 * Admins add and edit them; the form reports each problem on its field.
 */
@ApplicationScoped
public class ProvidersPage {

    private final ConfigService configs;

    @Inject
    ProvidersPage(ConfigService configs) {
        this.configs = configs;
    }

    /** For the container's client proxy. */
    protected ProvidersPage() {
        this(null);
    }

    public record Row(String name, String kind, String baseUrl, String secret, long models) {
    }

    void list(ConsoleRequest r) throws IOException {
        render(r, Map.of("name", "", "kind", "openai", "baseUrl", "", "apiKeySecret", ""), Map.of(), false);
    }

    void save(ConsoleRequest r) throws IOException {
        RuntimeConfig current = configs.current();
        if (r.stale(current.version())) {
            return;
        }
        Map<String, String> values = new LinkedHashMap<>();
        for (String f : List.of("name", "kind", "baseUrl", "apiKeySecret")) {
            values.put(f, r.param(f) == null ? "" : r.param(f));
        }
        Map<String, String> errors = new LinkedHashMap<>();
        ProviderKind kind = ProviderKind.fromId(values.get("kind")).orElse(null);
        if (kind == null) {
            errors.put("kind", "One of " + ProviderKind.ids() + ".");
        }
        if (values.get("name").isEmpty()) {
            errors.put("name", "A name is required.");
        }
        URI base = null;
        if (!values.get("baseUrl").isEmpty()) {
            try {
                base = new URI(values.get("baseUrl"));
            } catch (URISyntaxException e) {
                errors.put("baseUrl", "Not a URL.");
            }
        }
        if (errors.isEmpty()) {
            Provider p = new Provider(values.get("name"), kind, base,
                    values.get("apiKeySecret").isEmpty() ? null : values.get("apiKeySecret"));
            List<Provider> providers = new ArrayList<>(current.providers());
            int index = providers.size();
            for (int i = 0; i < providers.size(); i++) {
                if (providers.get(i).name().equals(p.name())) {
                    index = i;
                }
            }
            boolean added = index == providers.size();
            if (added) {
                providers.add(p);
            } else {
                providers.set(index, p);
            }
            try {
                RuntimeConfig next = current.withProviders(providers);
                configs.replace(next, r.user(), (added ? "provider added: " : "provider changed: ") + p.name());
                r.redirect("/providers");
                return;
            } catch (ConfigValidationException e) {
                String prefix = "providers[" + index + "].";
                for (Problem problem : e.found()) {
                    errors.put(problem.fieldBelow(prefix).orElse(""), problem.message());
                }
            }
        }
        r.res().setStatus(400);
        render(r, values, errors, true);
    }

    private void render(ConsoleRequest r, Map<String, String> values, Map<String, String> errors, boolean open)
            throws IOException {
        RuntimeConfig c = configs.current();
        List<Row> rows = c.providers().stream().map(p -> new Row(p.name(), p.kind().id(),
                p.baseUrl() == null ? "" : p.baseUrl().toString(), p.apiKeySecret() == null ? "" : p.apiKeySecret(),
                c.models().stream().filter(m -> m.provider().equals(p.name())).count())).toList();
        Map<String, Object> model = new HashMap<>();
        model.put("providers", rows);
        model.put("values", values);
        model.put("errors", errors);
        model.put("version", c.version());
        model.putAll(kindChoices());
        r.render("providers", "providers", model);
    }

    /** The kinds the form offers, and what its base URL and secret take for each: said by the catalog's kinds. */
    static Map<String, Object> kindChoices() {
        return Map.of("kinds", Arrays.stream(ProviderKind.values())
                        .map(k -> new KindOption(k.id(), k.id() + " (" + k.summary() + ")")).toList(),
                "baseUrlHelp", "Base URL (" + hints(ProviderKind::baseUrlHint) + ")",
                "secretHelp", "Name of the secret holding its key (optional; " + hints(ProviderKind::secretHint)
                        + "; never one of the proxy's own secrets)");
    }

    /** Each kind's hint that has one, named by its kind: what the form's fields take differs by kind. */
    private static String hints(Function<ProviderKind, String> hint) {
        return Arrays.stream(ProviderKind.values()).filter(k -> hint.apply(k) != null)
                .map(k -> k.id() + ": " + hint.apply(k)).collect(Collectors.joining("; "));
    }

    /** A kind as the form offers it. */
    record KindOption(String id, String label) {
    }
}
