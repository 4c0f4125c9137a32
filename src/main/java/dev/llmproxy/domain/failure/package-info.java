/**
 * What went wrong, in the proxy's own terms, at each level it is told:
 * <ul>
 *   <li>{@link dev.llmproxy.domain.failure.FailureKind}: an attempt that produced no HTTP status (refused, reset,
 *   timed out, malformed); {@link dev.llmproxy.domain.failure.StreamBreak}: how a stream that had started broke (cut,
 *   stalled, errored). Both are what the upstream client saw.</li>
 *   <li>{@link dev.llmproxy.domain.failure.Outcome}: the outcome table's classification of one attempt, as the request
 *   log records it, including the models passed over without a call;
 *   {@link dev.llmproxy.domain.failure.Verdict} adds what the chain does next.</li>
 *   <li>{@link dev.llmproxy.domain.failure.ErrorKind}: the error a caller is answered with
 *   ({@link dev.llmproxy.domain.failure.ProxyError}). How each is said on the wire (status, type, code) is the edge's
 *   business.</li>
 * </ul>
 */
package dev.llmproxy.domain.failure;
