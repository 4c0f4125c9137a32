package dev.llmproxy.interfaces.console;

import dev.llmproxy.application.config.ConfigService;
import dev.llmproxy.application.local.LocalModels;
import dev.llmproxy.application.local.ParityTable;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.io.IOException;
import java.util.Map;

/** Local parity: which model stands in for which in development, and whether the local server holds it. */
@ApplicationScoped
public class ParityPage {

    private final ConfigService configs;
    private final LocalModels local;

    @Inject
    ParityPage(ConfigService configs, LocalModels local) {
        this.configs = configs;
        this.local = local;
    }

    /** For the container's client proxy. */
    protected ParityPage() {
        this(null, null);
    }

    void show(ConsoleRequest r) throws IOException {
        LocalModels.Status s = local.status();
        r.render("parity", "parity", Map.of("rows", ParityTable.of(configs.current(), s), "server", s,
                "routing", local.routeToStandIns()));
    }
}
