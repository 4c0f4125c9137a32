package dev.llmproxy.interfaces.console;

import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * One console page or action: a path template below {@code /admin} ({@code /tiers/{name}}: a braced segment is a
 * parameter, passed decoded) and what handles it.
 *
 * @param open whether it works without signing in (the login page)
 */
record ConsoleRoute(String template, boolean open, Handler handler) {

    @FunctionalInterface
    interface Handler {
        void handle(ConsoleServlet console, ConsoleRequest r, List<String> params) throws IOException;
    }

    static ConsoleRoute of(String template, Handler handler) {
        return new ConsoleRoute(template, false, handler);
    }

    static ConsoleRoute open(String template, Handler handler) {
        return new ConsoleRoute(template, true, handler);
    }

    /** The decoded parameters when the (encoded) path fits the template, else null. */
    List<String> match(String path) {
        String[] want = template.split("/", -1);
        String[] have = path.split("/", -1);
        if (want.length != have.length) {
            return null;
        }
        List<String> params = new ArrayList<>();
        for (int i = 0; i < want.length; i++) {
            if (want[i].startsWith("{")) {
                if (have[i].isEmpty()) {
                    return null;
                }
                // a path segment, not a form field: '+' is a plus sign
                params.add(URLDecoder.decode(have[i].replace("+", "%2B"), StandardCharsets.UTF_8));
            } else if (!want[i].equals(have[i])) {
                return null;
            }
        }
        return params;
    }
}
