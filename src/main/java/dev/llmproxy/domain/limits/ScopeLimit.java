package dev.llmproxy.domain.limits;

import java.util.regex.Pattern;

/** A scope's allowance per client: requests per minute and per hour (0: that window is not limited). */
public record ScopeLimit(int perMinute, int perHour) {

    /**
     * What a scope's name may be: lower-case letters, digits, - and _, at most 40 characters. It appears in URLs
     * ({@code /v1/scopes/{scope}/chat/completions}), on API keys and in bucket keys.
     */
    public static final String NAME = "[a-z0-9][a-z0-9_-]{0,39}";
    private static final Pattern NAME_PATTERN = Pattern.compile(NAME);

    public static boolean isName(String s) {
        return s != null && NAME_PATTERN.matcher(s).matches();
    }

    public ScopeLimit {
        if (perMinute < 0 || perHour < 0) {
            throw new IllegalArgumentException("scope limits must not be negative");
        }
    }
}
