package dev.llmproxy.interfaces.console;

import dev.llmproxy.application.config.ConfigService;
import dev.llmproxy.domain.config.ConfigValidationException;
import dev.llmproxy.domain.config.RuntimeConfig;
import dev.llmproxy.domain.config.SettingKeys;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;

/** Every runtime setting, grouped, with unit, default and a one-line explanation; validated per field. */
@ApplicationScoped
public class SettingsPage {

    private final ConfigService configs;

    @Inject
    SettingsPage(ConfigService configs) {
        this.configs = configs;
    }

    /** For the container's client proxy. */
    protected SettingsPage() {
        this(null);
    }

    void show(ConsoleRequest r) throws IOException {
        RuntimeConfig c = configs.current();
        render(r, c, Map.of(), Map.of(), null);
    }

    void change(ConsoleRequest r) throws IOException {
        RuntimeConfig current = configs.current();
        if (r.stale(current.version())) {
            return;
        }
        SettingsForm.Read read = SettingsForm.read(current.settings(), name -> r.req().getParameter(name));
        if (!read.ok()) {
            Map<String, String> submitted = new HashMap<>();
            SettingKeys.all().forEach(k -> {
                String v = r.req().getParameter(k.name());
                if (v != null) {
                    submitted.put(k.name(), v);
                }
            });
            r.res().setStatus(400);
            render(r, current, submitted, read.errors(), "Nothing was saved: correct the fields marked below.");
            return;
        }
        if (read.changed().isEmpty()) {
            render(r, current, Map.of(), Map.of(), "Nothing changed.");
            return;
        }
        try {
            RuntimeConfig next = current.withSettings(read.settings());
            configs.replace(next, r.user(), "settings: " + String.join(", ", read.changed()));
        } catch (ConfigValidationException e) {
            r.error(400, "Not saved", e.getMessage());
            return;
        }
        r.redirect("/settings?saved=" + read.changed().size());
    }

    private void render(ConsoleRequest r, RuntimeConfig c, Map<String, String> submitted, Map<String, String> errors,
                        String notice) throws IOException {
        Map<String, Object> model = new HashMap<>();
        model.put("groups", SettingsForm.view(c.settings(), submitted, errors));
        model.put("version", c.version());
        String saved = r.param("saved");
        model.put("notice", notice != null ? notice : saved != null ? "Saved: " + saved + " setting(s) changed; "
                + "every instance applies them within seconds." : null);
        r.render("settings", "settings", model);
    }
}
