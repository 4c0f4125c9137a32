package dev.llmproxy.infrastructure.persistence;

import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

import static org.assertj.core.api.Assertions.assertThat;

/** While commits must last, H2 writes each one to its file before it returns; afterwards it delays them as before. */
class H2CommitDelayTest {

    @TempDir
    Path dir;

    @Test
    void durableCommitsSetTheDelayToNothingAndTheDelayFoundBeforeComesBackAfterwards() throws SQLException {
        JdbcDataSource h2 = new JdbcDataSource();
        h2.setURL("jdbc:h2:file:" + dir.resolve("delay") + ";WRITE_DELAY=250");
        h2.setUser("sa");
        H2CommitDelay delay = new H2CommitDelay();
        try (Connection c = h2.getConnection()) {
            c.setAutoCommit(false);
            delay.ensure(c, false);
            assertThat(writeDelay(c)).as("async leaves the database's own delay").isEqualTo(250);
            delay.ensure(c, true);
            assertThat(writeDelay(c)).isZero();
            assertThat(c.getAutoCommit()).as("the connection is handed back as it came").isFalse();
            delay.ensure(c, false);
            assertThat(writeDelay(c)).isEqualTo(250);
        }
    }

    private static int writeDelay(Connection c) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(
                "SELECT SETTING_VALUE FROM INFORMATION_SCHEMA.SETTINGS WHERE SETTING_NAME = 'WRITE_DELAY'")) {
            assertThat(rs.next()).isTrue();
            return Integer.parseInt(rs.getString(1).trim());
        }
    }
}
