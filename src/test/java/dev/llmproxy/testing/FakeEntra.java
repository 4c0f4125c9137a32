package dev.llmproxy.testing;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Microsoft Entra ID's token endpoint for the client-credentials grant, over TLS ({@link TestTls}) as MSAL insists:
 * {@code POST /{tenant}/oauth2/v2.0/token} with the app's id and secret answers {@code entra-1}, {@code entra-2}...
 * valid for {@link #expiresIn} seconds; a wrong secret gets Entra's {@code invalid_client} (AADSTS7000215).
 */
public final class FakeEntra implements AutoCloseable {

    public static final String TENANT = "11111111-2222-3333-4444-555555555555";
    public static final String CLIENT_ID = "66666666-7777-8888-9999-000000000000";
    public static final String CLIENT_SECRET = "entra~client~secret";

    private final HttpsServer server;
    private final AtomicInteger issued = new AtomicInteger();
    private final List<String> grants = new CopyOnWriteArrayList<>();
    /** Seconds each token is valid for. */
    public volatile int expiresIn = 3599;

    public FakeEntra() throws Exception {
        this(0);
    }

    /** On {@code port}: a server under test is told the sign-in host before it starts. */
    public FakeEntra(int port) throws Exception {
        server = HttpsServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 50);
        server.setHttpsConfigurator(new HttpsConfigurator(TestTls.server()));
        server.createContext("/", this::token);
        server.start();
    }

    /** The sign-in host, as an app registration's {@code authority} names it. */
    public String authority() {
        return "https://localhost:" + server.getAddress().getPort() + "/";
    }

    /** An app registration as the proxy's secret holds it; {@code secret} is its client secret. */
    public String registration(String secret) {
        return "{\"tenantId\":\"" + TENANT + "\",\"clientId\":\"" + CLIENT_ID + "\",\"clientSecret\":\"" + secret
                + "\",\"authority\":\"" + authority() + "\"}";
    }

    public int issued() {
        return issued.get();
    }

    /** Each grant's form fields, as received (the secret masked), for assertions. */
    public List<String> grants() {
        return grants;
    }

    private void token(HttpExchange exchange) throws IOException {
        try (exchange) {
            Map<String, String> form = new HashMap<>();
            for (String pair : new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8).split("&")) {
                int eq = pair.indexOf('=');
                if (eq > 0) {
                    form.put(pair.substring(0, eq), URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
                }
            }
            String path = exchange.getRequestURI().getPath();
            grants.add(exchange.getRequestMethod() + " " + path + " grant_type=" + form.get("grant_type") + " scope="
                    + form.get("scope") + " client_id=" + form.get("client_id"));
            if (!path.equals("/" + TENANT + "/oauth2/v2.0/token") || !"client_credentials".equals(form.get("grant_type"))) {
                JsonAnswer.send(exchange, 400, "{\"error\":\"invalid_request\",\"error_description\":\"AADSTS900144: unexpected "
                        + path + "\"}");
            } else if (!CLIENT_ID.equals(form.get("client_id")) || !CLIENT_SECRET.equals(form.get("client_secret"))) {
                JsonAnswer.send(exchange, 401, "{\"error\":\"invalid_client\",\"error_description\":\"AADSTS7000215: Invalid "
                        + "client secret provided.\",\"error_codes\":[7000215]}");
            } else {
                JsonAnswer.send(exchange, 200, "{\"token_type\":\"Bearer\",\"expires_in\":" + expiresIn + ",\"ext_expires_in\":"
                        + expiresIn + ",\"access_token\":\"entra-" + issued.incrementAndGet() + "\"}");
            }
        }
    }


    @Override
    public void close() {
        server.stop(0);
    }
}
