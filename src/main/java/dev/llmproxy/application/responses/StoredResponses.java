package dev.llmproxy.application.responses;

import dev.llmproxy.domain.log.CallerRecord;

import java.util.Optional;

/**
 * Responses kept for the callers that made them. Only the owner reads or deletes one: for anyone else it does not
 * exist. They go with their request's log row (see the request log's retention).
 */
public interface StoredResponses {

    /**
     * @param conversation the chat messages up to and including the answer (JSON text), for a request to continue
     * @param response     the response object as answered (JSON text), for reading back
     */
    record Stored(String responseId, String requestId, String owner, String conversation, String response) {
    }

    void save(Stored stored);

    Optional<Stored> find(String responseId, String owner);

    /** @return whether the owner had it */
    boolean delete(String responseId, String owner);

    /** Who owns what a caller stores: its API key, else its client's hash; null when neither is known. */
    static String ownerOf(CallerRecord caller) {
        if (caller.keyId() != null) {
            return "key:" + caller.keyId();
        }
        return caller.clientHash() == null ? null : "client:" + caller.clientHash();
    }
}
