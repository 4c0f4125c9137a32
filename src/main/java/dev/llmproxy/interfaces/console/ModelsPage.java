package dev.llmproxy.interfaces.console;

import dev.llmproxy.application.config.ConfigService;
import dev.llmproxy.domain.catalog.AllowedModel;
import dev.llmproxy.domain.catalog.ReasoningEffort;
import dev.llmproxy.domain.config.FreeStatus;
import dev.llmproxy.domain.catalog.Provider;
import dev.llmproxy.domain.config.RuntimeConfig;
import dev.llmproxy.domain.latency.ModelLatencies;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.LocalDate;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/** The model allowlist: only enabled allowlisted models are ever called. Admins add, edit, enable and disable. */
@ApplicationScoped
public class ModelsPage {

    private final ConfigService configs;
    private final Clock clock;
    private final ModelLatencies latencies;

    @Inject
    ModelsPage(ConfigService configs, Clock clock, ModelLatencies latencies) {
        this.configs = configs;
        this.clock = clock;
        this.latencies = latencies;
    }

    /** For the container's client proxy. */
    protected ModelsPage() {
        this(null, null, null);
    }

    void list(ConsoleRequest r) throws IOException {
        RuntimeConfig c = configs.current();
        Set<String> staleFree = FreeStatus.staleModels(c, LocalDate.now(clock)).stream().map(AllowedModel::name)
                .collect(Collectors.toSet());
        r.render("models", "models", Map.of("models", c.models(), "version", c.version(),
                "providers", c.providers().stream().map(Provider::name).toList(), "staleFree", staleFree,
                "maxAgeDays", c.settings().costSafety().freeVerificationMaxAgeDays(),
                "latency", LatencyRow.of(latencies, c.models().stream().map(AllowedModel::name).toList())));
    }

    /** @param name the model to edit, or null for a new one */
    void edit(ConsoleRequest r, String name) throws IOException {
        RuntimeConfig c = configs.current();
        if (name == null) {
            form(r, c, null, ModelForm.values(null), Map.of());
            return;
        }
        AllowedModel m = c.model(name).orElse(null);
        if (m == null) {
            r.error(404, "Not found", "No allowlisted model has this name.");
            return;
        }
        form(r, c, m.name(), ModelForm.values(m), Map.of());
    }

    /** @param existing the edited model, or null for a new one */
    void save(ConsoleRequest r, String existing) throws IOException {
        RuntimeConfig current = configs.current();
        if (r.stale(current.version())) {
            return;
        }
        if (existing != null && current.model(existing).isEmpty()) {
            r.error(404, "Not found", "No allowlisted model has this name.");
            return;
        }
        ModelForm.Result result = ModelForm.save(current, existing, r.req()::getParameter);
        if (!result.ok()) {
            Map<String, String> submitted = new HashMap<>();
            ModelForm.FIELDS.forEach(f -> submitted.put(f, r.req().getParameter(f) == null ? "" : r.req().getParameter(f)));
            r.res().setStatus(400);
            form(r, current, existing, submitted, result.errors());
            return;
        }
        configs.replace(result.config(), r.user(), (existing == null ? "model added: " : "model changed: ")
                + result.model().name() + (result.model().enabled() ? "" : " (disabled)"));
        r.redirect("/models");
    }

    void toggle(ConsoleRequest r, String name) throws IOException {
        RuntimeConfig current = configs.current();
        AllowedModel m = current.model(name).orElse(null);
        if (m == null) {
            r.error(404, "Not found", "No allowlisted model has this name.");
            return;
        }
        if (r.stale(current.version())) {
            return;
        }
        Map<String, String> values = ModelForm.values(m);
        values.put("enabled", m.enabled() ? null : "on");
        ModelForm.Result result = ModelForm.save(current, name, values::get);
        configs.replace(result.config(), r.user(), "model " + name + (m.enabled() ? " disabled" : " enabled"));
        r.redirect("/models#" + URLEncoder.encode(name, StandardCharsets.UTF_8));
    }

    private void form(ConsoleRequest r, RuntimeConfig c, String existing, Map<String, String> values,
                      Map<String, String> errors) throws IOException {
        Map<String, Object> model = new HashMap<>();
        model.put("existing", existing);
        model.put("values", values);
        model.put("errors", errors);
        model.put("providers", c.providers().stream().map(Provider::name).toList());
        List<String> others = c.models().stream().map(AllowedModel::name).filter(n -> !n.equals(existing)).toList();
        model.put("standIns", others);
        model.put("efforts", ReasoningEffort.ORDER);
        model.put("version", c.version());
        r.render("model", "models", model);
    }
}
