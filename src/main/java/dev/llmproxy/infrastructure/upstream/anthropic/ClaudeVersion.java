package dev.llmproxy.infrastructure.upstream.anthropic;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Claude model's version, read off its name wherever it is bought, as 100 times the major version plus the minor
 * ({@code claude-sonnet-4-5} is 405). What a request may carry depends on it (thinking forms, sampling options), so
 * the allowlist needs no setting for what a model's name already says.
 */
final class ClaudeVersion {

    /** A name that says no version (a fine-tune, a deployment's own name). */
    static final int UNKNOWN = -1;

    /** {@code claude-sonnet-4-5}, {@code claude-opus-4-6@20260101}, {@code us.anthropic.claude-haiku-4-5-2025...}. */
    private static final Pattern NEW_NAME = Pattern.compile(".*claude-(?:opus|sonnet|haiku)-(\\d+)(?:-(\\d{1,2}))?(?:\\D.*)?");
    /** {@code claude-3-7-sonnet-20250219}, {@code claude-3-5-haiku@20241022}. */
    private static final Pattern OLD_NAME = Pattern.compile(".*claude-(\\d+)(?:-(\\d{1,2}))?-(?:opus|sonnet|haiku).*");

    private ClaudeVersion() {
    }

    static int of(String upstreamModel) {
        String name = upstreamModel.toLowerCase(Locale.ROOT);
        Matcher m = NEW_NAME.matcher(name);
        if (!m.matches()) {
            m = OLD_NAME.matcher(name);
            if (!m.matches()) {
                return UNKNOWN;
            }
        }
        return Integer.parseInt(m.group(1)) * 100 + (m.group(2) == null ? 0 : Integer.parseInt(m.group(2)));
    }
}
