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
        return stated(failure, "22") || stated(failure, "23");
    }

    /** Whether the database refused the statement for a key it already has (class 23, integrity). */
    static boolean keyTaken(SQLException failure) {
        return stated(failure, "23");
    }

    private static boolean stated(SQLException failure, String stateClass) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof SQLException sql) {
                for (SQLException e = sql; e != null; e = e.getNextException()) {
                    String state = e.getSQLState();
                    if (state != null && state.startsWith(stateClass)) {
                        return true;
                    }
                }
            }
        }
        return false;
    }
}
