package dev.llmproxy.infrastructure.persistence;

import org.flywaydb.core.api.ResourceProvider;
import org.flywaydb.core.api.resource.LoadableResource;

import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;

/**
 * The migration scripts, named one by one: Flyway reads them from here instead of scanning the class path, which
 * every server lays out differently (Liberty's wsjar, WildFly's VFS, Payara's exploded archive). A script is portable
 * SQL unless a database has its own variant beside it ({@code V006__rate_take.postgresql.sql} for
 * {@code V006__rate_take.sql}).
 */
final class MigrationScripts implements ResourceProvider {

    static final String FOLDER = "db/migration/";

    /** Every migration, oldest first. A new one is appended here and never edited once released. */
    static final List<String> ALL = List.of("V001__initial_schema.sql", "V002__stream_stats.sql",
            "V003__breaker_transitions.sql", "V004__queue_wait.sql", "V005__callers_and_limits.sql",
            "V006__rate_take.sql", "V007__instance_heartbeat.sql", "V008__admin_audit.sql",
            "V009__prompt_excerpt.sql", "V010__sign_in_failures.sql", "V011__request_log_retention.sql",
            "V012__model_thinking.sql", "V013__answered_as_and_local.sql",
            "V014__request_cost.sql", "V015__budgets.sql", "V016__billing.sql",
            "V017__provider_order.sql", "V018__sign_in_window_end.sql",
            "V019__rate_take_counted.sql", "V020__refusal_runs.sql",
            "V021__front_door.sql", "V022__stored_responses.sql", "V023__vector_space.sql",
            "V024__config_entered.sql", "V025__prompt_caching.sql", "V026__attempts_in_row.sql",
            "V027__request_rollup.sql", "V028__model_concurrency.sql",
            "V029__deployment_groups.sql", "V030__hedged_tiers.sql", "V031__machine_identity.sql",
            "V032__stored_response_bounds.sql", "V033__admin_password_applied.sql",
            "V034__tier_on_refusal.sql", "V035__key_priority.sql", "V036__kept_answers.sql",
            "V037__answer_reuse.sql");

    private final String dialect;

    MigrationScripts(String dialect) {
        this.dialect = dialect;
    }

    @Override
    public LoadableResource getResource(String name) {
        return ALL.contains(name) ? new Script(name, variant(name)) : null;
    }

    @Override
    public Collection<LoadableResource> getResources(String prefix, String[] suffixes) {
        return ALL.stream()
                .filter(name -> name.startsWith(prefix) && Arrays.stream(suffixes).anyMatch(name::endsWith))
                .map(name -> (LoadableResource) new Script(name, variant(name)))
                .toList();
    }

    private String variant(String name) {
        String specific = name.replace(".sql", "." + dialect + ".sql");
        return MigrationScripts.class.getClassLoader().getResource(FOLDER + specific) != null ? specific : name;
    }

    /** One script: Flyway sees the portable name (its version and description), the bytes are the variant's. */
    private static final class Script extends LoadableResource {
        private final String name;
        private final String file;

        Script(String name, String file) {
            this.name = name;
            this.file = file;
        }

        @Override
        public Reader read() {
            InputStream in = MigrationScripts.class.getClassLoader().getResourceAsStream(FOLDER + file);
            if (in == null) {
                throw new IllegalStateException("migration " + FOLDER + file + " is missing from the application");
            }
            return new InputStreamReader(in, StandardCharsets.UTF_8);
        }

        @Override
        public String getAbsolutePath() {
            return FOLDER + file;
        }

        @Override
        public String getAbsolutePathOnDisk() {
            return FOLDER + file;
        }

        @Override
        public String getFilename() {
            return name;
        }

        @Override
        public String getRelativePath() {
            return name;
        }
    }
}
