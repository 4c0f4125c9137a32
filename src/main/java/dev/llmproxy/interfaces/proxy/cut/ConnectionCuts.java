package dev.llmproxy.interfaces.proxy.cut;

import jakarta.servlet.ServletResponse;
import jakarta.servlet.ServletResponseWrapper;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Cuts the connection under a response on the server the WAR runs on. The Servlet API can only end a body cleanly,
 * and a cleanly ended stream is what some clients take for a finished answer, whatever its last event says.
 */
public final class ConnectionCuts {

    private static final Logger LOG = Logger.getLogger(ConnectionCuts.class.getName());
    private static final Map<String, ConnectionCut> BY_PACKAGE = Map.of(
            "io.undertow.", new UndertowCut(),
            "org.apache.catalina.connector.", new GrizzlyCut(),
            "com.ibm.ws.", new LibertyCut(),
            "io.openliberty.", new LibertyCut());
    private static final Set<String> WARNED = ConcurrentHashMap.newKeySet();

    private ConnectionCuts() {
    }

    /**
     * Closes the connection under {@code response}, whose last bytes have been flushed.
     *
     * @return whether it was cut; if not, the caller ends the exchange as usual
     */
    public static boolean cut(ServletResponse response) {
        Object server = unwrap(response);
        String type = server.getClass().getName();
        ConnectionCut cut = BY_PACKAGE.entrySet().stream().filter(e -> type.startsWith(e.getKey()))
                .map(Map.Entry::getValue).findFirst().orElse(null);
        if (cut == null) {
            warnOnce(type, "this server is not one the proxy knows how to cut a connection on", null);
            return false;
        }
        try {
            cut.cut(server);
            return true;
        } catch (ReflectiveOperationException | RuntimeException e) {
            warnOnce(type, "this server's objects are not shaped as expected", e);
            return false;
        }
    }

    private static Object unwrap(ServletResponse response) {
        ServletResponse r = response;
        while (r instanceof ServletResponseWrapper w) {
            r = w.getResponse();
        }
        return r;
    }

    private static void warnOnce(String type, String why, Exception e) {
        if (WARNED.add(type)) {
            LOG.log(Level.WARNING, "Broken streams end cleanly after their error event (" + why + ": " + type
                    + "); clients that ignore the event may take them for complete", e);
        }
    }
}
