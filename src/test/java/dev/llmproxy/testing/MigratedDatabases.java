package dev.llmproxy.testing;

import dev.llmproxy.infrastructure.persistence.SchemaMigrations;
import org.h2.jdbcx.JdbcDataSource;
import org.postgresql.ds.PGSimpleDataSource;

import javax.sql.DataSource;
import java.sql.SQLException;
import java.util.UUID;

/** Databases with the proxy's schema in place, for tests of its SQL on both databases it supports. */
public final class MigratedDatabases {

    private MigratedDatabases() {
    }

    /** A fresh in-memory H2 database, kept until the JVM ends. */
    public static JdbcDataSource h2(String prefix) throws SQLException {
        JdbcDataSource h2 = emptyH2(prefix);
        new SchemaMigrations(h2).migrate();
        return h2;
    }

    /** The PostgreSQL database of that name, created anew (drop it with {@link PostgresDatabases#drop}). */
    public static PGSimpleDataSource postgres(String database) throws SQLException {
        PGSimpleDataSource pg = emptyPostgres(database);
        new SchemaMigrations(pg).migrate();
        return pg;
    }

    /** {@code h2} (named after {@code name}) or {@code postgresql} (named {@code name}), empty: no schema yet. */
    public static DataSource empty(String kind, String name) throws SQLException {
        return kind.equals("h2") ? emptyH2(name) : emptyPostgres(name);
    }

    private static JdbcDataSource emptyH2(String prefix) {
        JdbcDataSource h2 = new JdbcDataSource();
        h2.setURL("jdbc:h2:mem:" + prefix + "-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1");
        return h2;
    }

    private static PGSimpleDataSource emptyPostgres(String database) throws SQLException {
        PostgresDatabases.recreate(database);
        PGSimpleDataSource pg = new PGSimpleDataSource();
        pg.setURL(PostgresDatabases.url(database, 5432));
        pg.setUser(PostgresDatabases.USER);
        return pg;
    }
}
