package dev.llmproxy.application.config;

import dev.llmproxy.domain.catalog.AllowedModel;

import java.math.BigDecimal;

/** The allowlist entries a first start adds, in the two shapes it adds them. */
public final class FirstStartModels {

    private FirstStartModels() {
    }

    /**
     * A model with a free tier of use: its free status is not verified here, the date stays empty until an admin
     * checks it.
     */
    public static AllowedModel free(String name, String provider, String upstream, String family, int context) {
        return new AllowedModel(name, provider, upstream, family, true, upstream.endsWith(":free"), null, context,
                false, null, null, null, null, null, null);
    }

    /**
     * A paid model with its prices per million tokens (input, output, cached input); Claude's cache writes cost a
     * quarter more than its input (prompt caching itself stays off until an admin turns it on).
     */
    public static AllowedModel priced(String name, String provider, String upstream, String family, String in,
                                      String out, String cached) {
        boolean claude = "claude".equals(family);
        return new AllowedModel(name, provider, upstream, family, true, false, null, claude ? 200_000 : 1_048_576,
                claude, new BigDecimal(in), new BigDecimal(out), null, null, null, new BigDecimal(cached), null,
                claude ? new BigDecimal(in).multiply(new BigDecimal("1.25")) : null, false);
    }
}
