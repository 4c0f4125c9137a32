package dev.llmproxy.domain.config;

import dev.llmproxy.domain.access.Cidr;
import dev.llmproxy.domain.access.OriginPolicy;
import dev.llmproxy.domain.breaker.BreakerPolicy;
import dev.llmproxy.domain.limits.ScopeLimit;
import dev.llmproxy.domain.spend.BudgetLimits;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** An immutable, validated set of runtime settings; any setting not given holds its default. */
public final class Settings {

    private final Map<SettingKey<?>, Object> values;
    /** Derived once: they are read on every request. */
    private final BreakerPolicy breakerPolicy;
    private final AdmissionLimits admissionLimits;
    private final List<Cidr> trustedProxies;
    private final OriginPolicy originPolicy;

    private Settings(Map<SettingKey<?>, Object> values) {
        this.values = Map.copyOf(values);
        this.breakerPolicy = BreakerPolicy.builder()
                .failureThreshold(get(SettingKeys.BREAKER_FAILURE_THRESHOLD).intValue())
                .window(Duration.ofMillis(get(SettingKeys.BREAKER_WINDOW_MS)))
                .consecutiveFailures(get(SettingKeys.BREAKER_CONSECUTIVE_FAILURES).intValue())
                .cooldown(Duration.ofMillis(get(SettingKeys.BREAKER_COOLDOWN_MS)))
                .halfOpenProbes(get(SettingKeys.BREAKER_HALF_OPEN_PROBES).intValue())
                .successThreshold(get(SettingKeys.BREAKER_SUCCESS_THRESHOLD).intValue())
                .build();
        this.admissionLimits = new AdmissionLimits(get(SettingKeys.MAX_CONCURRENT_UPSTREAM).intValue(),
                get(SettingKeys.QUEUE_DEPTH).intValue(), Duration.ofMillis(get(SettingKeys.QUEUE_WAIT_TIMEOUT_MS)));
        this.trustedProxies = get(SettingKeys.TRUSTED_PROXIES).stream().map(Cidr::parse).toList();
        this.originPolicy = new OriginPolicy(get(SettingKeys.ALLOWED_ORIGINS));
    }

    public static Settings defaults() {
        return builder().build();
    }

    public static Builder builder() {
        return new Builder();
    }

    public Builder toBuilder() {
        Builder b = new Builder();
        b.values.putAll(values);
        return b;
    }

    @SuppressWarnings("unchecked")
    public <T> T get(SettingKey<T> key) {
        Object v = values.get(key);
        return v == null ? key.defaultValue() : (T) v;
    }

    /** Settings in definition order, with their effective values. */
    public Map<SettingKey<?>, Object> effective() {
        Map<SettingKey<?>, Object> out = new LinkedHashMap<>();
        for (SettingKey<?> key : SettingKeys.all()) {
            out.put(key, get(key));
        }
        return out;
    }

    public Duration attemptTimeout() { return Duration.ofMillis(get(SettingKeys.ATTEMPT_TIMEOUT_MS)); }
    public Duration chainBudget() { return Duration.ofMillis(get(SettingKeys.CHAIN_BUDGET_MS)); }
    public int maxSameModelRetries() { return get(SettingKeys.MAX_SAME_MODEL_RETRIES).intValue(); }
    public Duration backoffInitial() { return Duration.ofMillis(get(SettingKeys.BACKOFF_INITIAL_MS)); }
    public Duration backoffMax() { return Duration.ofMillis(get(SettingKeys.BACKOFF_MAX_MS)); }
    public Duration rateLimitCooldown() { return Duration.ofMillis(get(SettingKeys.RATE_LIMIT_COOLDOWN_MS)); }
    public BreakerPolicy breakerPolicy() { return breakerPolicy; }
    public AdmissionLimits admissionLimits() { return admissionLimits; }
    public Duration firstTokenTimeout() { return Duration.ofMillis(get(SettingKeys.FIRST_TOKEN_TIMEOUT_MS)); }
    public Duration streamIdleTimeout() { return Duration.ofMillis(get(SettingKeys.STREAM_IDLE_TIMEOUT_MS)); }
    public Duration streamCommitWindow() { return Duration.ofMillis(get(SettingKeys.STREAM_COMMIT_MS)); }
    public long streamCommitBytes() { return get(SettingKeys.STREAM_COMMIT_BYTES); }
    public boolean waitForRetryAfterOnLastModel() { return get(SettingKeys.WAIT_FOR_RETRY_AFTER); }
    public long maxBodyBytes() { return get(SettingKeys.MAX_BODY_BYTES); }
    public boolean requireVerifiedFree() { return get(SettingKeys.REQUIRE_VERIFIED_FREE); }
    public Map<String, BudgetLimits> budgets() { return get(SettingKeys.BUDGETS); }
    public long reserveOutputTokens() { return get(SettingKeys.RESERVE_OUTPUT_TOKENS); }
    public long keyTokensPerMinute() { return get(SettingKeys.KEY_TOKENS_PER_MINUTE); }
    public long freeVerificationMaxAgeDays() { return get(SettingKeys.FREE_VERIFICATION_MAX_AGE_DAYS); }
    public Duration bodyTimeout() { return Duration.ofMillis(get(SettingKeys.BODY_TIMEOUT_MS)); }
    /** @param production whether the deployment runs in production mode (decides when the setting is unset) */
    public boolean allowAnonymousCallers(boolean production) {
        Boolean v = get(SettingKeys.ALLOW_ANONYMOUS_CALLERS);
        return v != null ? v : !production;
    }
    public int ipLimitPerMinute() { return get(SettingKeys.IP_LIMIT_PER_MINUTE).intValue(); }
    public int ipLimitPerHour() { return get(SettingKeys.IP_LIMIT_PER_HOUR).intValue(); }
    public int keyLimitPerMinute() { return get(SettingKeys.KEY_LIMIT_PER_MINUTE).intValue(); }
    public Map<String, ScopeLimit> scopeLimits() { return get(SettingKeys.SCOPE_LIMITS); }
    public long maxPromptChars() { return get(SettingKeys.MAX_PROMPT_CHARS); }
    public int logPromptChars() { return get(SettingKeys.LOG_PROMPT_CHARS).intValue(); }
    public List<Cidr> trustedProxies() { return trustedProxies; }
    public OriginPolicy originPolicy() { return originPolicy; }
    public Set<Integer> sameModelRetryStatuses() { return get(SettingKeys.SAME_MODEL_RETRY_STATUSES); }
    public Set<Integer> nextModelStatuses() { return get(SettingKeys.NEXT_MODEL_STATUSES); }
    public Set<Integer> breakerFailureStatuses() { return get(SettingKeys.BREAKER_FAILURE_STATUSES); }
    public List<String> contextLengthMarkers() { return get(SettingKeys.CONTEXT_LENGTH_MARKERS); }
    public List<String> contentPolicyMarkers() { return get(SettingKeys.CONTENT_POLICY_MARKERS); }
    public boolean routeAroundContentRefusals() { return get(SettingKeys.ROUTE_AROUND_REFUSALS); }
    public long requestLogRetentionDays() { return get(SettingKeys.REQUEST_LOG_RETENTION_DAYS); }
    public boolean storeResponses() { return get(SettingKeys.STORE_RESPONSES); }

    public boolean requestLogSync() { return "sync".equals(get(SettingKeys.REQUEST_LOG_DURABILITY)); }
    public Duration requestLogSyncWait() { return Duration.ofMillis(get(SettingKeys.REQUEST_LOG_SYNC_WAIT_MS)); }
    public boolean retryTruncatedOnNextModel() { return "next".equals(get(SettingKeys.TRUNCATION_POLICY)); }
    public boolean retryWithMoreRoomForThinking() { return get(SettingKeys.RETRY_THINKING_TRUNCATION); }
    public String openRouterReferer() { return get(SettingKeys.OPENROUTER_REFERER); }
    public String openRouterTitle() { return get(SettingKeys.OPENROUTER_TITLE); }

    @Override public boolean equals(Object o) {
        return o instanceof Settings s && s.effective().equals(effective());
    }
    @Override public int hashCode() { return effective().hashCode(); }

    public static final class Builder {
        private final Map<SettingKey<?>, Object> values = new LinkedHashMap<>();

        /** Sets a value given in plain Java form; throws IllegalArgumentException naming the setting. */
        public Builder set(String name, Object raw) {
            SettingKey<?> key = SettingKeys.byName(name)
                    .orElseThrow(() -> new SettingProblem(name, "", "is not a known setting"));
            if (raw == null) {
                throw new SettingProblem(name, "", "must not be null");
            }
            values.put(key, key.coerce(raw));
            return this;
        }

        /** Back to the setting's default. */
        public Builder unset(SettingKey<?> key) {
            values.remove(key);
            return this;
        }

        public <T> Builder set(SettingKey<T> key, T value) {
            values.put(key, key.coerce(key.toPlain(value)));
            return this;
        }

        public Settings build() {
            Settings s = new Settings(values);
            if (s.backoffInitial().compareTo(s.backoffMax()) > 0) {
                throw new SettingProblem(SettingKeys.BACKOFF_INITIAL_MS.name(), "",
                        "must not exceed settings.backoffMaxMs");
            }
            return s;
        }
    }
}
