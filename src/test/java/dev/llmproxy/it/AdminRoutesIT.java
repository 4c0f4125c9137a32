package dev.llmproxy.it;

import dev.llmproxy.interfaces.console.ConsoleServlet;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.lang.reflect.Method;
import java.net.URISyntaxException;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The route scan: every console page and action and every admin API resource (found by reflection, so a new one is
 * covered without editing this test) refuses a caller who has not signed in.
 */
class AdminRoutesIT extends DeployedProxy {

    @Test
    void everyConsolePageSendsAnAnonymousVisitorToTheLoginPage() {
        for (String page : ConsoleServlet.PAGES) {
            HttpResponse<String> r = proxy.get("/admin" + concrete(page));
            assertThat(r.statusCode()).as(page).isEqualTo(302);
            assertThat(r.headers().firstValue("Location").orElseThrow()).as(page).endsWith("/admin/login");
        }
        for (String action : ConsoleServlet.ACTIONS) {
            HttpResponse<String> r = proxy.sendForm("/admin" + concrete(action), "_csrf=x");
            assertThat(r.statusCode()).as(action).isIn(302, 401, 403);
            assertThat(r.body()).as(action).doesNotContain("Tier ");
        }
        assertThat(proxy.get("/admin/login").statusCode()).isEqualTo(200);
        // and the console's security headers are on every answer
        HttpResponse<String> login = proxy.get("/admin/login");
        assertThat(login.headers().firstValue("Content-Security-Policy").orElseThrow()).contains("frame-ancestors 'none'")
                .doesNotContain("unsafe-inline");
        assertThat(login.headers().firstValue("X-Content-Type-Options")).hasValue("nosniff");
    }

    @Test
    void theConsoleRootInEveryFormSendsAnAnonymousVisitorToTheLoginPage() {
        for (String path : List.of("/admin", "/admin/", "/admin/dashboard")) {
            for (String method : List.of("GET", "HEAD")) {
                HttpResponse<String> r = proxy.send(method, path, null);
                assertThat(r.statusCode()).as(method + " " + path).isEqualTo(302);
                assertThat(r.headers().firstValue("Location").orElseThrow()).as(method + " " + path)
                        .endsWith("/admin/login");
            }
        }
        assertThat(proxy.send("HEAD", "/admin/login", null).statusCode()).isEqualTo(200);
        assertThat(proxy.send("HEAD", "/admin/api", null).statusCode()).isEqualTo(401);
    }

    @Test
    void everyAdminApiRouteNeedsCredentials() throws Exception {
        List<String[]> routes = apiRoutes();
        assertThat(routes).hasSizeGreaterThan(8);
        for (String[] route : routes) {
            HttpResponse<String> r = proxy.send(route[0], "/admin/api" + route[1], route[0].equals("GET") ? null : "{}");
            assertThat(r.statusCode()).as(route[0] + " " + route[1]).isEqualTo(401);
        }
    }

    /** Method and path of every JAX-RS resource method under interfaces.admin. */
    private static List<String[]> apiRoutes() throws IOException, URISyntaxException, ClassNotFoundException {
        List<String[]> routes = new ArrayList<>();
        java.nio.file.Path dir = Paths.get(ConsoleServlet.class.getResource("/dev/llmproxy/interfaces/admin").toURI());
        try (Stream<java.nio.file.Path> files = Files.list(dir)) {
            for (java.nio.file.Path f : files.filter(p -> p.toString().endsWith(".class") && !p.toString().contains("$")).toList()) {
                Class<?> c = Class.forName("dev.llmproxy.interfaces.admin." + f.getFileName().toString().replace(".class", ""));
                Path base = c.getAnnotation(Path.class);
                if (base == null) {
                    continue;
                }
                for (Method m : c.getDeclaredMethods()) {
                    String verb = m.isAnnotationPresent(GET.class) ? "GET" : m.isAnnotationPresent(POST.class) ? "POST"
                            : m.isAnnotationPresent(PUT.class) ? "PUT" : m.isAnnotationPresent(DELETE.class) ? "DELETE" : null;
                    if (verb != null) {
                        Path sub = m.getAnnotation(Path.class);
                        routes.add(new String[] {verb, concrete("/" + base.value() + (sub == null ? "" : "/" + sub.value()))});
                    }
                }
            }
        }
        return routes;
    }

    private static String concrete(String template) {
        return template.replaceAll("\\{[^}]+}", "x");
    }
}
