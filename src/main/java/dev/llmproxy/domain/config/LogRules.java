package dev.llmproxy.domain.config;

import java.time.Duration;

/**
 * The settings "Request log".
 *
 * @param promptChars    characters of the last user message kept for auditors (0: none)
 * @param retentionDays  rows older than this are deleted (0: kept for ever)
 * @param storeResponses whether Responses requests that ask to be stored are
 * @param storeAnonymous whether they are for callers without an API key too (who share an owner per address)
 * @param sync           whether an answer leaves only once its row has committed
 * @param syncWait       with {@code sync}, the longest wait for that commit
 */
public record LogRules(int promptChars, long retentionDays, boolean storeResponses, boolean storeAnonymous,
                       boolean sync, Duration syncWait) {
}
