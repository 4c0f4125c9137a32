package dev.llmproxy.infrastructure.persistence;

import java.sql.SQLException;

/** What a database's SQLSTATE says of a failure: the standard classes H2 and PostgreSQL both use. */
final class SqlStates {

    private SqlStates() {
    }

    /**
     * Whether the database refused the statement for the values it carried (class 22, data exception: a character it
     * cannot encode, a value too long; class 23, integrity: a key it already has), rather than failing to run it.
     * A batch's own exception may carry no state of its own: the chain of causes and next exceptions is read.
     */
    static boolean refusedContent(SQLException failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof SQLException sql) {
                for (SQLException e = sql; e != null; e = e.getNextException()) {
                    String state = e.getSQLState();
                    if (state != null && (state.startsWith("22") || state.startsWith("23"))) {
                        return true;
                    }
                }
            }
        }
        return false;
    }
}
