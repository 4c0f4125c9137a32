package dev.llmproxy.it;

import javax.net.ssl.HttpsURLConnection;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509TrustManager;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.cert.X509Certificate;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.net.ssl.SSLSession;

/**
 * A console session as a browser holds it, over HTTP or HTTPS (the test server's self-signed certificate trusted),
 * from a client address told through X-Forwarded-For: the login page's cookie and CSRF token, then the form sign-in.
 */
final class ConsoleLogin {

    private static final Pattern CSRF = Pattern.compile("name=\"_csrf\" value=\"([^\"]+)\"");
    private static final String HTTPS = "https://localhost:" + Integer.getInteger("it.https.port", 9543);

    private final String base;
    private final String client;
    private final String setCookie;
    private String cookie;
    private final String csrf;

    private ConsoleLogin(String base, String client) throws IOException {
        this.base = base;
        this.client = client;
        Answer login = request("GET", "/admin/login", null);
        this.setCookie = login.header("Set-Cookie").orElseThrow(() -> new AssertionError("no session cookie"));
        this.cookie = setCookie.split(";")[0];
        Matcher m = CSRF.matcher(login.body());
        if (!m.find()) {
            throw new AssertionError("no CSRF token on the login page");
        }
        this.csrf = m.group(1);
    }

    static ConsoleLogin open(ProxyClient proxy, String client) throws IOException {
        return new ConsoleLogin(proxy.base(), client);
    }

    static ConsoleLogin overHttps(String client) throws IOException {
        return new ConsoleLogin(HTTPS, client);
    }

    /** The Set-Cookie header of the login page. */
    String setCookie() {
        return setCookie;
    }

    HttpResponse<String> signIn(String user, String password) throws IOException {
        String form = "username=" + enc(user) + "&password=" + enc(password) + "&_csrf=" + enc(csrf);
        Answer a = request("POST", "/admin/login", form);
        a.header("Set-Cookie").ifPresent(c -> cookie = c.split(";")[0]);
        return a;
    }

    HttpResponse<String> get(String path) throws IOException {
        return request("GET", path, null);
    }

    private Answer request(String method, String path, String form) throws IOException {
        HttpURLConnection c = (HttpURLConnection) URI.create(base + path).toURL().openConnection();
        if (c instanceof HttpsURLConnection https) {
            https.setSSLSocketFactory(trustAll().getSocketFactory());
            https.setHostnameVerifier((host, session) -> true);
        }
        c.setInstanceFollowRedirects(false);
        c.setRequestMethod(method);
        c.setConnectTimeout(5_000);
        c.setReadTimeout(30_000);
        c.setRequestProperty("X-Forwarded-For", client);
        if (cookie != null) {
            c.setRequestProperty("Cookie", cookie);
        }
        if (form != null) {
            c.setDoOutput(true);
            c.setRequestProperty("Content-Type", "application/x-www-form-urlencoded");
            try (OutputStream out = c.getOutputStream()) {
                out.write(form.getBytes(StandardCharsets.UTF_8));
            }
        }
        int status = c.getResponseCode();
        InputStream in = status >= 400 ? c.getErrorStream() : c.getInputStream();
        String body = in == null ? "" : new String(in.readAllBytes(), StandardCharsets.UTF_8);
        Map<String, List<String>> headers = new java.util.TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        c.getHeaderFields().forEach((k, v) -> {
            if (k != null) {
                headers.put(k, v);
            }
        });
        return new Answer(status, body, HttpHeaders.of(headers, (k, v) -> true), URI.create(base + path));
    }

    private static SSLContext trustAll() {
        try {
            SSLContext tls = SSLContext.getInstance("TLS");
            tls.init(null, new TrustManager[] {new X509TrustManager() {
                @Override public void checkClientTrusted(X509Certificate[] chain, String authType) { }
                @Override public void checkServerTrusted(X509Certificate[] chain, String authType) { }
                @Override public X509Certificate[] getAcceptedIssuers() { return new X509Certificate[0]; }
            }}, null);
            return tls;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    /** An answer in the shape the other tests read. */
    private record Answer(int statusCode, String body, HttpHeaders headers, URI uri) implements HttpResponse<String> {
        Optional<String> header(String name) {
            return headers.firstValue(name);
        }
        @Override public HttpRequest request() { return null; }
        @Override public Optional<HttpResponse<String>> previousResponse() { return Optional.empty(); }
        @Override public Optional<SSLSession> sslSession() { return Optional.empty(); }
        @Override public HttpClient.Version version() { return HttpClient.Version.HTTP_1_1; }
    }
}
