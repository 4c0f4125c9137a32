package dev.llmproxy.infrastructure.persistence;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A kept answer's headers in one text column: a line per header, {@code name: value}. Header values carry no line
 * breaks (HTTP forbids them), so a line is a header.
 */
public final class KeptHeaders {

    private KeptHeaders() {
    }

    public static String write(Map<String, String> headers) {
        StringBuilder text = new StringBuilder();
        headers.forEach((name, value) -> text.append(name).append(": ").append(value).append('\n'));
        return text.toString();
    }

    public static Map<String, String> read(String text) {
        Map<String, String> headers = new LinkedHashMap<>();
        if (text == null) {
            return headers;
        }
        for (String line : text.split("\n")) {
            int colon = line.indexOf(": ");
            if (colon > 0) {
                headers.put(line.substring(0, colon), line.substring(colon + 2));
            }
        }
        return headers;
    }
}
