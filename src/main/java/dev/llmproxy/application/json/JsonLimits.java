package dev.llmproxy.application.json;

/**
 * How much structure one JSON text may have. Every JSON the proxy reads (callers' requests, admin documents,
 * upstream replies) is bounded by these before any value is built: a document nested a thousand deep or a number of
 * a thousand digits made the JSON-P implementation throw errors of its own (not {@code JsonException}), and a
 * number with a huge exponent costs unbounded time once anything converts it.
 *
 * @param maxDepth       deepest nesting of objects and arrays (the top-level value is depth 1)
 * @param maxNumberChars longest number, as written
 * @param maxExponent    largest exponent a number may have, either sign ({@code 1e400} has 400)
 * @param maxStringChars longest string (also applies to object keys)
 */
public record JsonLimits(int maxDepth, int maxNumberChars, int maxExponent, int maxStringChars) {

    /**
     * Far above any real chat request, tool schema or provider reply; a string of 16 Mi characters exceeds the
     * largest body the proxy accepts (64 MiB is the highest {@code maxBodyBytes}, base64 images included).
     */
    public static final JsonLimits DEFAULT = new JsonLimits(64, 100, 1_000, 64 * 1_048_576);

    public JsonLimits {
        if (maxDepth < 1 || maxNumberChars < 1 || maxExponent < 0 || maxStringChars < 0) {
            throw new IllegalArgumentException("JSON limits must be positive: depth " + maxDepth + ", number "
                    + maxNumberChars + ", exponent " + maxExponent + ", string " + maxStringChars);
        }
    }
}
