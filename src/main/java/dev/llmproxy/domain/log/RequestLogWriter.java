package dev.llmproxy.domain.log;

import java.util.List;

/** Where finished requests are appended: all the log writer needs of the store. */
public interface RequestLogWriter {

    void saveAll(List<RequestRecord> records);
}
