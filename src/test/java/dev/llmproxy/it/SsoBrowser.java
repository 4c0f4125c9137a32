package dev.llmproxy.it;

import java.io.IOException;
import jakarta.json.Json;

import java.io.StringReader;
import java.net.CookieManager;
import java.net.CookiePolicy;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * A browser as the single sign-on tests need one, over plain HTTP: it keeps cookies, follows no redirect by itself
 * (each step is looked at), and signs in at the OpenID Connect test server's login page with the claims it is given.
 */
final class SsoBrowser {

    private static final Pattern CSRF = Pattern.compile("name=\"_csrf\" value=\"([^\"]+)\"");

    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .cookieHandler(new CookieManager(null, CookiePolicy.ACCEPT_ALL))
            .followRedirects(HttpClient.Redirect.NEVER).connectTimeout(Duration.ofSeconds(5)).build();
    private final String base;

    SsoBrowser(String base) {
        this.base = base;
    }

    /** Starts a sign-in at the proxy: the provider's authorization address it sends the browser to. */
    URI start() {
        HttpResponse<String> start = get(base + "/admin/oidc/start");
        if (start.statusCode() != 302) {
            throw new AssertionError("no redirect to the provider: " + start.statusCode() + " " + start.body());
        }
        return URI.create(start.headers().firstValue("Location").orElseThrow());
    }

    /** Signs in at the provider's login page: where it sends the browser back to. */
    static URI atProvider(HttpClient http, URI authorize, String user, String claimsJson) {
        HttpResponse<String> login = send(http, HttpRequest.newBuilder(authorize)
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString("username=" + enc(user) + "&claims=" + enc(claimsJson))));
        if (login.statusCode() != 302) {
            throw new AssertionError("the provider did not sign in: " + login.statusCode() + " " + login.body());
        }
        return URI.create(login.headers().firstValue("Location").orElseThrow());
    }

    /** The whole way: start, sign in at the provider with these groups, back at the proxy's callback. */
    HttpResponse<String> signIn(String user, List<String> groups) {
        return get(atProvider(http, start(), user, claims(user, groups)).toString());
    }

    static String claims(String user, List<String> groups) {
        return "{\"preferred_username\":\"" + user + "\",\"groups\":["
                + groups.stream().map(g -> "\"" + g + "\"").collect(Collectors.joining(",")) + "]}";
    }

    HttpClient http() {
        return http;
    }

    /** A page of the proxy (a path) or any address. */
    HttpResponse<String> get(String pathOrUrl) {
        return send(http, HttpRequest.newBuilder(uri(pathOrUrl)).GET());
    }

    /** A console form, with the CSRF token of the page it is on. */
    HttpResponse<String> post(String pagePath, String actionPath, String form) {
        Matcher m = CSRF.matcher(get(pagePath).body());
        if (!m.find()) {
            throw new AssertionError("no CSRF token on " + pagePath);
        }
        String body = (form.isEmpty() ? "" : form + "&") + "_csrf=" + enc(m.group(1));
        return send(http, HttpRequest.newBuilder(uri(actionPath))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(body)));
    }

    private URI uri(String pathOrUrl) {
        return URI.create(pathOrUrl.startsWith("http") ? pathOrUrl : base + pathOrUrl);
    }

    private static HttpResponse<String> send(HttpClient http, HttpRequest.Builder request) {
        try {
            return http.send(request.timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new AssertionError(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    /** An access token from the provider, the way an admin's script gets one (authorization code, as a client). */
    static String accessToken(String issuer, String user, List<String> groups, String audience) {
        SsoBrowser client = new SsoBrowser(issuer);
        String redirect = "http://localhost:1/callback";
        URI authorize = URI.create(issuer + "/authorize?client_id=llm-proxy-it&response_type=code"
                + "&scope=openid&state=s1&nonce=n1&redirect_uri=" + SsoBrowser.enc(redirect));
        String claims = SsoBrowser.claims(user, groups).replaceFirst("\\}$", ",\"aud\":\"" + audience + "\"}");
        URI back = SsoBrowser.atProvider(client.http, authorize, user, claims);
        String code = back.getQuery().replaceAll(".*code=([^&]+).*", "$1");
        HttpResponse<String> token;
        try {
            token = client.http.send(HttpRequest.newBuilder(URI.create(issuer + "/token"))
                    .header("Content-Type", "application/x-www-form-urlencoded")
                    .POST(HttpRequest.BodyPublishers.ofString("grant_type=authorization_code&client_id=llm-proxy-it"
                            + "&code=" + code + "&redirect_uri=" + SsoBrowser.enc(redirect))).build(),
                    HttpResponse.BodyHandlers.ofString());
        } catch (Exception e) {
            throw new AssertionError(e);
        }
        if (token.statusCode() != 200) {
            throw new AssertionError("no token: " + token.statusCode() + " " + token.body());
        }
        return Json.createReader(new StringReader(token.body())).readObject().getString("access_token");
    }
}
