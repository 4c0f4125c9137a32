package dev.llmproxy.domain.config;

import dev.llmproxy.domain.access.Cidr;
import dev.llmproxy.domain.access.ForwardingHeader;
import dev.llmproxy.domain.access.OriginPolicy;
import dev.llmproxy.domain.breaker.BreakerPolicy;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * An immutable, validated set of runtime settings; any setting not given holds its default. Read through one typed
 * record per group of settings (the groups of the console's settings page and of the configuration reference), which
 * the policies take instead of the whole set; each record is built once per configuration version.
 */
public final class Settings {

    private final Map<SettingKey<?>, Object> values;
    private final TimeBudgets timeBudgets;
    private final StreamingRules streaming;
    private final OutcomeRules outcomes;
    private final CostSafety costSafety;
    private final ProviderHeaders providerHeaders;
    private final BreakerPolicy breaker;
    private final AdmissionLimits admission;
    private final CallerRules callers;
    private final SignInRules signIn;
    private final LogRules log;

    private Settings(Map<SettingKey<?>, Object> values) {
        this.values = Map.copyOf(values);
        this.timeBudgets = new TimeBudgets(ms(SettingKeys.ATTEMPT_TIMEOUT_MS), ms(SettingKeys.CHAIN_BUDGET_MS),
                get(SettingKeys.MAX_SAME_MODEL_RETRIES).intValue(), ms(SettingKeys.BACKOFF_INITIAL_MS),
                ms(SettingKeys.BACKOFF_MAX_MS), ms(SettingKeys.RATE_LIMIT_COOLDOWN_MS),
                get(SettingKeys.WAIT_FOR_RETRY_AFTER), get(SettingKeys.DEADLINE_PERCENTILE).intValue(),
                ms(SettingKeys.HEDGE_AFTER_MIN_MS), ms(SettingKeys.HEDGE_AFTER_MAX_MS));
        this.streaming = new StreamingRules(ms(SettingKeys.FIRST_TOKEN_TIMEOUT_MS),
                ms(SettingKeys.STREAM_IDLE_TIMEOUT_MS), ms(SettingKeys.STREAM_COMMIT_MS),
                get(SettingKeys.STREAM_COMMIT_BYTES));
        this.outcomes = new OutcomeRules(get(SettingKeys.SAME_MODEL_RETRY_STATUSES),
                get(SettingKeys.NEXT_MODEL_STATUSES), get(SettingKeys.BREAKER_FAILURE_STATUSES),
                get(SettingKeys.CONTEXT_LENGTH_MARKERS), get(SettingKeys.CONTENT_POLICY_MARKERS),
                get(SettingKeys.ROUTE_AROUND_REFUSALS), "next".equals(get(SettingKeys.TRUNCATION_POLICY)),
                get(SettingKeys.RETRY_THINKING_TRUNCATION));
        this.costSafety = new CostSafety(get(SettingKeys.REQUIRE_VERIFIED_FREE),
                get(SettingKeys.FREE_VERIFICATION_MAX_AGE_DAYS), get(SettingKeys.BUDGETS),
                get(SettingKeys.RESERVE_OUTPUT_TOKENS));
        this.providerHeaders = new ProviderHeaders(get(SettingKeys.OPENROUTER_REFERER),
                get(SettingKeys.OPENROUTER_TITLE));
        this.breaker = BreakerPolicy.builder()
                .failureThreshold(get(SettingKeys.BREAKER_FAILURE_THRESHOLD).intValue())
                .window(ms(SettingKeys.BREAKER_WINDOW_MS))
                .consecutiveFailures(get(SettingKeys.BREAKER_CONSECUTIVE_FAILURES).intValue())
                .cooldown(ms(SettingKeys.BREAKER_COOLDOWN_MS))
                .halfOpenProbes(get(SettingKeys.BREAKER_HALF_OPEN_PROBES).intValue())
                .successThreshold(get(SettingKeys.BREAKER_SUCCESS_THRESHOLD).intValue())
                .build();
        this.admission = new AdmissionLimits(get(SettingKeys.MAX_CONCURRENT_UPSTREAM).intValue(),
                get(SettingKeys.QUEUE_DEPTH).intValue(), ms(SettingKeys.QUEUE_WAIT_TIMEOUT_MS));
        this.callers = new CallerRules(get(SettingKeys.MAX_BODY_BYTES), ms(SettingKeys.BODY_TIMEOUT_MS),
                get(SettingKeys.ALLOW_ANONYMOUS_CALLERS), get(SettingKeys.IP_LIMIT_PER_MINUTE).intValue(),
                get(SettingKeys.IP_LIMIT_PER_HOUR).intValue(), get(SettingKeys.KEY_LIMIT_PER_MINUTE).intValue(),
                get(SettingKeys.KEY_TOKENS_PER_MINUTE), get(SettingKeys.SCOPE_LIMITS), get(SettingKeys.MAX_PROMPT_CHARS),
                get(SettingKeys.TRUSTED_PROXIES).stream().map(Cidr::parse).toList(),
                ForwardingHeader.named(get(SettingKeys.FORWARDING_HEADER)),
                new OriginPolicy(get(SettingKeys.ALLOWED_ORIGINS)));
        this.signIn = new SignInRules(get(SettingKeys.SIGN_IN_FAILURES_PER_ADDRESS).intValue(),
                get(SettingKeys.SIGN_IN_FAILURES_PER_USER).intValue(), ms(SettingKeys.SIGN_IN_WINDOW_MS));
        this.log = new LogRules(get(SettingKeys.LOG_PROMPT_CHARS).intValue(),
                get(SettingKeys.REQUEST_LOG_RETENTION_DAYS), get(SettingKeys.STORE_RESPONSES),
                get(SettingKeys.STORE_ANONYMOUS_RESPONSES),
                "sync".equals(get(SettingKeys.REQUEST_LOG_DURABILITY)), ms(SettingKeys.REQUEST_LOG_SYNC_WAIT_MS));
    }

    private Duration ms(SettingKey<Long> key) {
        return Duration.ofMillis(get(key));
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

    /** Time budgets and retries. */
    public TimeBudgets timeBudgets() { return timeBudgets; }
    public StreamingRules streaming() { return streaming; }
    public OutcomeRules outcomes() { return outcomes; }
    public CostSafety costSafety() { return costSafety; }
    public ProviderHeaders providerHeaders() { return providerHeaders; }
    public BreakerPolicy breaker() { return breaker; }
    public AdmissionLimits admission() { return admission; }
    public CallerRules callers() { return callers; }
    public SignInRules signIn() { return signIn; }
    public LogRules log() { return log; }

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

        /** @throws SettingProblem when settings contradict each other (a record says which) */
        public Settings build() {
            return new Settings(values);
        }
    }
}
