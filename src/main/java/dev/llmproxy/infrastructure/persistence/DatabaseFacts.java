package dev.llmproxy.infrastructure.persistence;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Locale;
import javax.sql.DataSource;

/**
 * What the shared stores need to know of the database: whether it is PostgreSQL (one-round-trip functions), whether
 * it runs inside this process (embedded H2, which a timeout's interrupt would close for good), and whether this
 * instance is then alone on it (no other process may open an embedded H2 unless it serves itself to others with
 * {@code AUTO_SERVER}), so that counts kept in memory are exact.
 */
public record DatabaseFacts(boolean postgres, boolean inProcess, boolean alone) {

    /** @throws IllegalStateException when the database cannot be reached */
    public static DatabaseFacts of(DataSource dataSource) {
        try (Connection c = dataSource.getConnection()) {
            boolean postgres = c.getMetaData().getDatabaseProductName().toLowerCase(Locale.ROOT).contains("postgres");
            String url = c.getMetaData().getURL();
            // embedded H2 (file:, mem: or a bare path); tcp: and ssl: are H2 servers across the network
            boolean inProcess = url != null && url.startsWith("jdbc:h2:") && !url.startsWith("jdbc:h2:tcp:")
                    && !url.startsWith("jdbc:h2:ssl:");
            boolean alone = inProcess && !url.toUpperCase(Locale.ROOT).contains("AUTO_SERVER=TRUE");
            return new DatabaseFacts(postgres, inProcess, alone);
        } catch (SQLException e) {
            throw new IllegalStateException("database unreachable: " + e.getMessage(), e);
        }
    }
}
