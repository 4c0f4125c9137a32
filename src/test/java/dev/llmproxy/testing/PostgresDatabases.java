package dev.llmproxy.testing;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;

/** Throwaway databases on the local PostgreSQL (127.0.0.1:5432, trust auth) that .ci/run makes sure is running. */
public final class PostgresDatabases {

    public static final String USER = "postgres";

    private PostgresDatabases() {
    }

    /** The server's maintenance database URL, from the build (it.postgresql.url). */
    private static String adminUrl() {
        return System.getProperty("it.postgresql.url", "jdbc:postgresql://127.0.0.1:5432/test");
    }

    /** A JDBC URL for {@code database} on the same server, through {@code port} (a relay) if given. */
    public static String url(String database, int port) {
        return "jdbc:postgresql://127.0.0.1:" + port + "/" + database;
    }

    /** Drops {@code database} if it exists and creates it empty. */
    public static void recreate(String database) throws SQLException {
        drop(database);
        execute("CREATE DATABASE " + database);
    }

    public static void drop(String database) throws SQLException {
        execute("DROP DATABASE IF EXISTS " + database + " WITH (FORCE)");
    }

    private static void execute(String sql) throws SQLException {
        try (Connection c = DriverManager.getConnection(adminUrl(), USER, ""); Statement s = c.createStatement()) {
            s.execute(sql);
        }
    }
}
