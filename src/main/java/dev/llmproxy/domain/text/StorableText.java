package dev.llmproxy.domain.text;

/**
 * Text from callers and providers as a database can keep it. PostgreSQL refuses a NUL character in text, and no
 * database can encode half of a surrogate pair in UTF-8; both are replaced by U+FFFD, so one hostile string cannot
 * make a row unwritable. Everything else is kept as it came.
 */
public final class StorableText {

    private static final char REPLACEMENT = '\uFFFD';

    private StorableText() {
    }

    /** {@code text} with NUL and unpaired surrogates replaced; the same instance when it has none; null stays null. */
    public static String of(String text) {
        if (text == null) {
            return null;
        }
        int first = firstUnstorable(text);
        if (first < 0) {
            return text;
        }
        StringBuilder sb = new StringBuilder(text.length()).append(text, 0, first);
        for (int i = first; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean pair = Character.isHighSurrogate(c) && i + 1 < text.length()
                    && Character.isLowSurrogate(text.charAt(i + 1));
            if (pair) {
                sb.append(c).append(text.charAt(++i));
            } else {
                sb.append(c == 0 || Character.isSurrogate(c) ? REPLACEMENT : c);
            }
        }
        return sb.toString();
    }

    /** Whether a database can keep {@code text} as it is: a key that is not can name no stored row. */
    public static boolean storable(String text) {
        return text == null || firstUnstorable(text) < 0;
    }

    private static int firstUnstorable(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == 0) {
                return i;
            }
            if (Character.isSurrogate(c)) {
                if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                    i++;
                } else {
                    return i;
                }
            }
        }
        return -1;
    }
}
