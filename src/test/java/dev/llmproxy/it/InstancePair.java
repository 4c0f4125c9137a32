package dev.llmproxy.it;

import dev.llmproxy.testing.PostgresDatabases;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Two instances of the WAR behind one (imaginary) load balancer, sharing a PostgreSQL database made afresh for them
 * and one salt: the one setup of the tests that need several instances (shared limits and budgets, outages of the
 * store that shares them). A class adds what its pair shares besides (Redis, say) and the instances to start beside
 * it; the pair is started together, given the class's configuration, and removed with its database afterwards.
 */
final class InstancePair implements AutoCloseable {

    final LibertyInstance a;
    final LibertyInstance b;
    /** The admin password of both, and the admin API's Basic authorization with it. */
    final String password;
    final String admin;
    private final String database;
    private final List<LibertyInstance> started = new ArrayList<>();

    /**
     * @param name         the servers' names (name + A, name + B) and instance ids (name-a, name-b)
     * @param port         a's HTTP port; b's is the next
     * @param database     the PostgreSQL database made afresh for them
     * @param databasePort where the instances reach PostgreSQL (a relay that can cut it, or 5432)
     * @param environment  PROXY_* variables besides the database, the admin password and the salt
     */
    InstancePair(String name, int port, String database, int databasePort, Map<String, String> environment)
            throws Exception {
        this.database = database;
        this.password = name + "-admin-secret";
        this.admin = Instances.admin(password);
        PostgresDatabases.recreate(database);
        Map<String, String> shared = new HashMap<>(environment);
        shared.put("PROXY_DB_URL", PostgresDatabases.url(database, databasePort) + "?connectTimeout=2&socketTimeout=10");
        shared.put("PROXY_DB_USER", PostgresDatabases.USER);
        shared.put("PROXY_DB_PASSWORD", "");
        shared.put("PROXY_ADMIN_PASSWORD", password);
        shared.put("PROXY_IP_SALT", "the-same-secret-salt-on-every-instance");
        Path driver = Path.of(System.getProperty("it.postgresql.jar"));
        a = new LibertyInstance(name + "A", port, driver, Instances.with(shared, "PROXY_INSTANCE_ID", name + "-a"));
        b = new LibertyInstance(name + "B", port + 1, driver, Instances.with(shared, "PROXY_INSTANCE_ID", name + "-b"));
    }

    /** Starts both, and {@code beside} with them; imports {@code config} on a and waits until b runs it. */
    InstancePair start(String config, LibertyInstance... beside) throws Exception {
        LibertyInstance[] all = new LibertyInstance[beside.length + 2];
        all[0] = a;
        all[1] = b;
        System.arraycopy(beside, 0, all, 2, beside.length);
        started.addAll(List.of(all));
        Instances.startTogether(all);
        Instances.importConfig(admin, config, a, b);
        return this;
    }

    @Override
    public void close() throws Exception {
        for (LibertyInstance i : started) {
            i.close();
        }
        PostgresDatabases.drop(database);
    }
}
