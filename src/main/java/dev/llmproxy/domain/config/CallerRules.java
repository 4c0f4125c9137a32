package dev.llmproxy.domain.config;

import dev.llmproxy.domain.access.Cidr;
import dev.llmproxy.domain.access.ForwardingHeader;
import dev.llmproxy.domain.access.OriginPolicy;
import dev.llmproxy.domain.limits.ScopeLimit;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * The settings "Callers and limits": what a request may be, who may send one, and how often.
 *
 * @param allowAnonymous whether callers without a key are served; null: decided by the deployment's mode
 * @param trustedProxies the balancers whose forwarding header is believed
 * @param forwardingHeader the header they write the client's address into
 */
public record CallerRules(long maxBodyBytes, Duration bodyTimeout, Boolean allowAnonymous, int ipLimitPerMinute,
                          int ipLimitPerHour, int keyLimitPerMinute, long keyTokensPerMinute,
                          Map<String, ScopeLimit> scopeLimits, long maxPromptChars, List<Cidr> trustedProxies,
                          ForwardingHeader forwardingHeader, OriginPolicy originPolicy) {

    /** @param production whether the deployment runs in production mode (decides when the setting is unset) */
    public boolean allowAnonymousCallers(boolean production) {
        return allowAnonymous != null ? allowAnonymous : !production;
    }
}
