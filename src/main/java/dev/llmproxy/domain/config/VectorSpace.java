package dev.llmproxy.domain.config;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An embedding model's vector space, written {@code label@dimensions} (e.g. {@code text-embedding-3-small@1536}).
 * Two models may stand in for each other only when their spaces are equal: vectors of different spaces are not
 * comparable, and mixing them silently corrupts the caller's index.
 */
public final class VectorSpace {

    private static final Pattern FORM = Pattern.compile("[^@\\s]{1,160}@([1-9][0-9]{0,5})");

    private VectorSpace() {
    }

    /** What is wrong with a space as written, or empty when it is well formed. */
    public static Optional<String> problem(String space) {
        return FORM.matcher(space).matches() ? Optional.empty() : Optional.of(
                "must be label@dimensions, such as text-embedding-3-small@1536");
    }

    /** The length of the space's vectors; the space must be well formed. */
    public static int dimensions(String space) {
        Matcher m = FORM.matcher(space);
        if (!m.matches()) {
            throw new IllegalArgumentException("not a vector space: " + space);
        }
        return Integer.parseInt(m.group(1));
    }
}
