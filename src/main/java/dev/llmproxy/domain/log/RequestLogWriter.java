package dev.llmproxy.domain.log;

import java.util.List;

/** Where finished requests are appended: all the log writer needs of the store. */
public interface RequestLogWriter {

    /**
     * @param durable whether the rows must survive the process's sudden death once this returns (someone awaits
     *                them): a store that acknowledges commits before they reach its files must not do so then
     * @throws RecordRefused the store refused the rows for what they hold; any other exception: it could not be
     *                       reached, or failed for a reason of its own
     */
    void saveAll(List<RequestRecord> records, boolean durable);
}
