package dev.llmproxy.domain.config;

import dev.llmproxy.domain.access.Cidr;
import dev.llmproxy.domain.access.ForwardingHeader;
import dev.llmproxy.domain.access.OriginPolicy;
import dev.llmproxy.domain.breaker.BreakerPolicy;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** Every runtime setting the proxy knows, with its default. Its reference, with every default, is generated into docs/configuration.md. */
public final class SettingKeys {

    private static final Map<String, SettingKey<?>> ALL = new LinkedHashMap<>();

    private static final long HOUR_MS = 3_600_000L;
    /** The breaker settings' defaults are the breaker's own. */
    private static final BreakerPolicy BREAKER = BreakerPolicy.DEFAULT;

    public static final LongKey ATTEMPT_TIMEOUT_MS = register(SettingGroup.TIME_BUDGETS,
            new LongKey("attemptTimeoutMs",
            10_000, 1, HOUR_MS, "ms", "Longest wait for one upstream attempt (capped by what is left of the chain budget)."));
    public static final LongKey CHAIN_BUDGET_MS = register(SettingGroup.TIME_BUDGETS,
            new LongKey("chainBudgetMs",
            18_000, 1, HOUR_MS, "ms", "Whole-request deadline: no attempt starts after it."));
    public static final LongKey MAX_SAME_MODEL_RETRIES = register(SettingGroup.TIME_BUDGETS,
            new LongKey("maxSameModelRetries",
            2, 0, 10, "retries", "Retries of the same model after a 5xx or a connection failure before moving on."));
    public static final LongKey BACKOFF_INITIAL_MS = register(SettingGroup.TIME_BUDGETS,
            new LongKey("backoffInitialMs",
            200, 0, 60_000, "ms", "First same-model retry delay; doubles per retry, with jitter."));
    public static final LongKey BACKOFF_MAX_MS = register(SettingGroup.TIME_BUDGETS,
            new LongKey("backoffMaxMs",
            2_000, 0, 300_000, "ms", "Upper bound of a same-model retry delay."));
    public static final LongKey RATE_LIMIT_COOLDOWN_MS = register(SettingGroup.TIME_BUDGETS,
            new LongKey("rateLimitCooldownMs",
            60_000, 0, 24 * HOUR_MS, "ms", "How long a model that answered 429 without Retry-After is skipped."));
    public static final BoolKey WAIT_FOR_RETRY_AFTER = register(SettingGroup.TIME_BUDGETS,
            new BoolKey("waitForRetryAfterOnLastModel",
            true, "When every other model is used up, wait a 429's Retry-After once if it fits in the chain budget."));
    public static final LongKey DEADLINE_PERCENTILE = register(SettingGroup.TIME_BUDGETS,
            new LongKey("deadlinePercentile", 90, 0, 99, "percentile", "A model whose recent latency at "
            + "this percentile (time to first token for a stream, total time otherwise) is longer than what is left "
            + "of the chain budget is passed over before its call, unless no later model of the chain could be "
            + "called; a model with fewer than 20 answers in the last 5 minutes is always called (0 = off)."));
    public static final LongKey HEDGE_AFTER_MIN_MS = register(SettingGroup.TIME_BUDGETS,
            new LongKey("hedgeAfterMinMs", 250, 0, HOUR_MS, "ms", "In a tier that hedges: the earliest "
            + "the next model is started beside a model that has not answered (a stream: not sent its first token) "
            + "by its recent p95."));
    public static final LongKey HEDGE_AFTER_MAX_MS = register(SettingGroup.TIME_BUDGETS,
            new LongKey("hedgeAfterMaxMs", 4_000, 0, HOUR_MS, "ms", "In a tier that hedges: the latest "
            + "the next model is started beside a slow one; also the wait for a model with fewer than 20 answers in "
            + "the last 5 minutes."));
    public static final LongKey FIRST_TOKEN_TIMEOUT_MS = register(SettingGroup.STREAMING,
            new LongKey("firstTokenTimeoutMs",
            5_000, 1, HOUR_MS, "ms", "Streaming: longest wait, from the start of an "
            + "attempt, for its first content (capped by attemptTimeoutMs and the chain budget); past it the next model is tried."));
    public static final LongKey STREAM_IDLE_TIMEOUT_MS = register(SettingGroup.STREAMING,
            new LongKey("streamIdleTimeoutMs",
            10_000, 1, HOUR_MS, "ms", "Streaming: longest silence mid-answer before the stream counts as stalled."));
    public static final LongKey STREAM_COMMIT_MS = register(SettingGroup.STREAMING,
            new LongKey("streamCommitMs", 0, 0, 60_000, "ms", "Streaming, opt-in: hold an answer's first "
            + "events this long, so that a break inside the window restarts on the next model unseen (0 = off)."));
    public static final LongKey STREAM_COMMIT_BYTES = register(SettingGroup.STREAMING,
            new LongKey("streamCommitBytes", 0, 0, 256 * 1024, "bytes", "Streaming, opt-in: the commit "
            + "window also passes once this much of the answer is held (0 = no size bound)."));
    public static final LongKey MAX_BODY_BYTES = register(SettingGroup.CALLERS,
            new LongKey("maxBodyBytes",
            1_048_576, 1_024, 64L * 1_048_576, "bytes", "Largest request body accepted (413 above it)."));
    public static final LongKey BODY_TIMEOUT_MS = register(SettingGroup.CALLERS,
            new LongKey("bodyTimeoutMs",
            30_000, 100, 10 * 60_000, "ms", "Longest time a request body may take to arrive "
            + "after its headers (408 request_timeout after it); no thread is held meanwhile."));
    public static final IntListKey SAME_MODEL_RETRY_STATUSES = register(SettingGroup.OUTCOMES,
            new IntListKey(
            "sameModelRetryStatuses", Set.of(500, 502, 503, 504),
            "Upstream statuses retried on the same model with backoff, then moved on from."));
    public static final IntListKey NEXT_MODEL_STATUSES = register(SettingGroup.OUTCOMES,
            new IntListKey(
            "nextModelStatuses", Set.of(400, 401, 403, 404, 408, 409, 413, 422, 429),
            "Upstream statuses that move on to the next model at once (a 413 is one provider's size limit, which another may "
            + "not have); a status in neither list stops the chain (502)."));
    public static final IntListKey BREAKER_FAILURE_STATUSES = register(SettingGroup.OUTCOMES,
            new IntListKey(
            "breakerFailureStatuses", Set.of(401, 403, 404, 500, 502, 503, 504),
            "Upstream statuses that count against a model's health (timeouts and connection failures always do)."));
    public static final TextListKey CONTEXT_LENGTH_MARKERS = register(SettingGroup.OUTCOMES, new TextListKey(
            "contextLengthMarkers", List.of("context_length_exceeded", "maximum context length", "context window"),
            "Text in a 400 body that means the prompt is too long for that model (moves on)."));
    public static final TextListKey CONTENT_POLICY_MARKERS = register(SettingGroup.OUTCOMES, new TextListKey(
            "contentPolicyMarkers", List.of("content_policy_violation", "content_filter", "content policy", "safety"),
            "Text in a 400 body that means a content refusal (stops with a clean 400)."));
    public static final BoolKey ROUTE_AROUND_REFUSALS = register(SettingGroup.OUTCOMES,
            new BoolKey(
            "routeAroundContentRefusals", false, "Opt-in: try the next model after a content refusal."));
    public static final ChoiceKey TRUNCATION_POLICY = register(SettingGroup.OUTCOMES,
            new ChoiceKey("truncationPolicy", "accept", List.of("accept", "next"),
            "finish_reason length: accept the answer (marked X-Proxy-Truncated: true and logged as truncated) or try the next "
            + "model first, keeping the truncated answer if nothing better comes."));
    public static final BoolKey RETRY_THINKING_TRUNCATION = register(SettingGroup.OUTCOMES,
            new BoolKey("retryWithMoreRoomForThinking", true, "When a model's thoughts used up the output "
            + "budget (cut at length while thinking), ask that model once more with more room before truncationPolicy "
            + "(for gemini providers the room for thoughts is doubled, and at least 4096 tokens)."));

    public static final BoolKey REQUIRE_VERIFIED_FREE = register(SettingGroup.COST_SAFETY,
            new BoolKey("requireVerifiedFree", false, "Call only models marked free whose free status was "
            + "verified within freeVerificationMaxAgeDays; refuse the rest (403 cost_safety) before any call "
            + "(a public chat on free models turns it on)."));
    public static final LongKey FREE_VERIFICATION_MAX_AGE_DAYS = register(SettingGroup.COST_SAFETY,
            new LongKey("freeVerificationMaxAgeDays", 30, 1, 3_650, "days",
            "How old a model's free verification may be before it counts as stale."));

    public static final BudgetsKey BUDGETS = register(SettingGroup.COST_SAFETY, new BudgetsKey("budgets",
            "Spend budgets per UTC day and month, in USD and/or tokens, reserved before each call: "
            + "{\"global\": {\"dailyUsd\": 20}, \"keys\": {\"monthlyUsd\": 5}, \"scope:public\": {\"dailyTokens\": 2000000}}. "
            + "keys applies to each API key without its own budget."));
    public static final LongKey RESERVE_OUTPUT_TOKENS = register(SettingGroup.COST_SAFETY,
            new LongKey("reserveOutputTokens", 8_192, 1, 10_000_000, "tokens",
            "Output reserved against budgets for a request without max_tokens on a model whose context window is "
            + "not on the allowlist."));

    public static final TextKey OPENROUTER_REFERER = register(SettingGroup.PROVIDERS,
            new TextKey("openRouterReferer", "", "HTTP-Referer sent to openrouter providers: the URL "
            + "OpenRouter attributes the calls to (empty: not sent)."));
    public static final TextKey OPENROUTER_TITLE = register(SettingGroup.PROVIDERS,
            new TextKey("openRouterTitle", "", "X-OpenRouter-Title sent to openrouter providers: the "
            + "application's name in OpenRouter's rankings (empty: not sent)."));

    public static final LongKey BREAKER_FAILURE_THRESHOLD = register(SettingGroup.BREAKERS,
            new LongKey(
            "breakerFailureThreshold", BREAKER.failureThreshold(), 1, 10_000, "failures",
            "A model's breaker opens after this many health failures within breakerWindowMs (3 in 5 minutes by default)."));
    public static final LongKey BREAKER_WINDOW_MS = register(SettingGroup.BREAKERS,
            new LongKey("breakerWindowMs",
            BREAKER.window().toMillis(), 1_000, 24 * HOUR_MS, "ms", "The sliding window in which breakerFailureThreshold failures are counted."));
    public static final LongKey BREAKER_CONSECUTIVE_FAILURES = register(SettingGroup.BREAKERS,
            new LongKey(
            "breakerConsecutiveFailures", BREAKER.consecutiveFailures(), 1, 10_000, "failures",
            "A model's breaker also opens after this many health failures in a row."));
    public static final LongKey BREAKER_COOLDOWN_MS = register(SettingGroup.BREAKERS,
            new LongKey("breakerCooldownMs",
            BREAKER.cooldown().toMillis(), 100, 24 * HOUR_MS, "ms", "How long an open breaker skips its model before letting probes through."));
    public static final LongKey BREAKER_HALF_OPEN_PROBES = register(SettingGroup.BREAKERS,
            new LongKey(
            "breakerHalfOpenProbes", BREAKER.halfOpenProbes(), 1, 100, "requests",
            "Requests let through at once to a half-open model to probe whether it has recovered."));
    public static final LongKey BREAKER_SUCCESS_THRESHOLD = register(SettingGroup.BREAKERS,
            new LongKey(
            "breakerSuccessThreshold", BREAKER.successThreshold(), 1, 100, "successes",
            "Successful probes that close a half-open breaker (one failure reopens it)."));

    public static final LongKey MAX_CONCURRENT_UPSTREAM = register(SettingGroup.ADMISSION,
            new LongKey(
            "maxConcurrentUpstream", 256, 1, 100_000, "requests",
            "Requests doing upstream work at once on this instance (a stream counts until it ends); more wait in the queue."));
    public static final LongKey QUEUE_DEPTH = register(SettingGroup.ADMISSION,
            new LongKey("queueDepth", 64, 0, 100_000,
            "requests", "Requests that may wait for a slot; beyond it the answer is an immediate 503 \"queue is full\"."));
    public static final LongKey QUEUE_WAIT_TIMEOUT_MS = register(SettingGroup.ADMISSION,
            new LongKey("queueWaitTimeoutMs", 30_000, 1, HOUR_MS, "ms",
            "Longest wait in the queue (503 naming the position); separate from the chain budget, which starts after it."));

    public static final BoolKey ALLOW_ANONYMOUS_CALLERS = register(SettingGroup.CALLERS,
            new BoolKey(
            "allowAnonymousCallers", null, "Whether callers without an API key are served (bounded by the IP limits). "
            + "Unset: yes in development mode, no in production mode (PROXY_MODE)."));
    public static final LongKey IP_LIMIT_PER_MINUTE = register(SettingGroup.CALLERS,
            new LongKey("ipLimitPerMinute",
            60, 0, 1_000_000, "requests", "Flood bound: requests per client address in any minute (0 = off); "
            + "applies to callers without a key."));
    public static final LongKey IP_LIMIT_PER_HOUR = register(SettingGroup.CALLERS,
            new LongKey("ipLimitPerHour",
            600, 0, 10_000_000, "requests", "Flood bound: requests per client address in any hour (0 = off); "
            + "applies to callers without a key."));
    public static final LongKey KEY_LIMIT_PER_MINUTE = register(SettingGroup.CALLERS,
            new LongKey("keyLimitPerMinute",
            600, 0, 1_000_000, "requests", "Requests per API key in any minute, unless the key has its own (0 = off)."));
    public static final LongKey KEY_TOKENS_PER_MINUTE = register(SettingGroup.CALLERS,
            new LongKey("keyTokensPerMinute", 0, 0, 1_000_000_000, "tokens",
            "Tokens per API key in a minute of the clock, reserved like a budget before each call, unless the key's "
            + "own budget sets tokensPerMinute (0 = off)."));
    public static final ScopeLimitsKey SCOPE_LIMITS = register(SettingGroup.CALLERS, new ScopeLimitsKey("scopeLimits",
            "Per-scope buckets per client, so one feature cannot starve another: "
            + "{\"pairing\": {\"perMinute\": 5, \"perHour\": 20}}. A scope not listed has no bucket of its own."));
    public static final LongKey MAX_PROMPT_CHARS = register(SettingGroup.CALLERS,
            new LongKey("maxPromptChars",
            200_000, 1, 100_000_000, "characters", "Longest prompt accepted, counted over all message content, "
            + "tool calls and tool definitions, an image as 3,200 characters (413 above it)."));
    public static final LongKey LOG_PROMPT_CHARS = register(SettingGroup.REQUEST_LOG,
            new LongKey("logPromptChars",
            0, 0, 10_000, "characters", "Characters of the last user message kept in the request log for auditors "
            + "(0: prompts are not stored at all)."));
    public static final TextListKey TRUSTED_PROXIES = register(SettingGroup.CALLERS, new TextListKey("trustedProxies",
            List.of(), "Addresses or CIDR ranges of the load balancers in front of the proxy; only from these is "
            + "the client's address in the forwarding header believed.", Cidr::parse));
    public static final ChoiceKey FORWARDING_HEADER = register(SettingGroup.CALLERS,
            new ChoiceKey("forwardingHeader", ForwardingHeader.X_FORWARDED_FOR.header(),
            ForwardingHeader.names(), "The header the trustedProxies write the client's address into; the other one "
            + "is ignored, because a balancer passes it on as the client sent it."));
    public static final TextListKey ALLOWED_ORIGINS = register(SettingGroup.CALLERS, new TextListKey("allowedOrigins",
            List.of("localhost", "127.0.0.1"), "Browser origins allowed to call the proxy: exact hosts and .suffixes "
            + "for subdomains (over https on the default port; loopback hosts on any), whole origins "
            + "(http://app.internal:8080), or *. Requests without an Origin header are not gated.",
            OriginPolicy::validate));

    public static final ChoiceKey REQUEST_LOG_DURABILITY = register(SettingGroup.REQUEST_LOG,
            new ChoiceKey(
            "requestLogDurability", "async", List.of("async", "sync"), "async: an answer leaves at once and its "
            + "request-log row follows within about 50 ms (a crash loses the rows not yet written). sync: a proxied "
            + "answer leaves only once the row holding it has committed (about one commit more per request)."));
    public static final LongKey REQUEST_LOG_SYNC_WAIT_MS = register(SettingGroup.REQUEST_LOG,
            new LongKey(
            "requestLogSyncWaitMs", 5_000, 100, 60_000, "ms", "With requestLogDurability sync: longest wait for a row "
            + "to commit; past it the answer is refused (503, or an in-band error on a stream) instead of leaving "
            + "without a record."));
    public static final LongKey REQUEST_LOG_RETENTION_DAYS = register(SettingGroup.REQUEST_LOG,
            new LongKey(
            "requestLogRetentionDays", 30, 0, 36_500, "days", "Request-log rows (and their attempts) older than this "
            + "are deleted, in small batches every 10 minutes; 0 keeps them for ever."));
    public static final BoolKey STORE_RESPONSES = register(SettingGroup.REQUEST_LOG,
            new BoolKey("storeResponses", true, "Keep the prompt and answer of each /v1/responses request "
            + "that asks to be stored (store: true, the default), so that its caller can read it back or continue it "
            + "with previous_response_id; kept as long as request-log rows, at most 1,000 per caller (the oldest go "
            + "first). Off: nothing is stored, whatever callers ask."));
    public static final BoolKey STORE_ANONYMOUS_RESPONSES = register(SettingGroup.REQUEST_LOG,
            new BoolKey("storeAnonymousResponses", false, "Store /v1/responses answers for callers "
            + "without an API key too. Their owner is their address: everyone behind one NAT or proxy shares it."));
    public static final LongKey SIGN_IN_FAILURES_PER_ADDRESS = register(SettingGroup.SIGN_IN,
            new LongKey(
            "signInFailuresPerAddress", 10, 1, 100_000, "failures", "Failed sign-ins (console form or admin API) "
            + "from one client address, for any users, before that address is refused (429) until its window ends."));
    public static final LongKey SIGN_IN_FAILURES_PER_USER = register(SettingGroup.SIGN_IN,
            new LongKey(
            "signInFailuresPerUser", 20, 1, 100_000, "failures", "Failed sign-ins for one user name, from any "
            + "addresses, before that name is refused (429) until its window ends; a right password clears it."));
    public static final LongKey SIGN_IN_WINDOW_MS = register(SettingGroup.SIGN_IN,
            new LongKey("signInWindowMs",
            900_000, 1_000, 24 * HOUR_MS, "ms", "Failed sign-ins are counted in a window of this length from the "
            + "first; a lock-out lasts until the window ends, never longer."));

    private SettingKeys() {
    }

    private static <K extends SettingKey<?>> K register(SettingGroup group, K key) {
        key.inGroup(group);
        ALL.put(key.name(), key);
        return key;
    }

    public static List<SettingKey<?>> all() {
        return List.copyOf(ALL.values());
    }

    public static Optional<SettingKey<?>> byName(String name) {
        return Optional.ofNullable(ALL.get(name));
    }
}
