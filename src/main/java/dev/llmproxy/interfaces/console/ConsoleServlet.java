package dev.llmproxy.interfaces.console;

import jakarta.inject.Inject;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;
import java.util.List;

/**
 * The admin console: server-rendered pages under {@code /admin} (the JSON API keeps {@code /admin/api}). Every
 * state-changing request must carry the session's CSRF token, and every one but signing in and out needs the
 * {@code admin} role: auditors read only.
 */
@WebServlet(urlPatterns = "/admin/*")
public class ConsoleServlet extends HttpServlet {

    /** Every page (GET) and action (POST) below /admin, for the route scan that proves each needs a role. */
    public static final List<String> PAGES = List.of("/", "/dashboard", "/tiers", "/tiers/{name}", "/requests",
            "/requests.csv", "/requests/{id}", "/breakers", "/versions", "/versions/diff", "/settings",
            "/models", "/models/new", "/models/{name}", "/keys", "/audit", "/users", "/providers");
    public static final List<String> ACTIONS = List.of("/logout", "/tiers/{name}", "/breakers/{model}/open",
            "/breakers/{model}/reset", "/versions/{version}/rollback", "/settings",
            "/models", "/models/{name}", "/models/{name}/toggle", "/keys", "/keys/{id}/revoke", "/users", "/tiers", "/providers");

    @Inject
    Templates templates;
    @Inject
    LoginPage login;
    @Inject
    DashboardPage dashboard;
    @Inject
    TiersPage tiers;
    @Inject
    RequestsPage requests;
    @Inject
    BreakersPage breakers;
    @Inject
    VersionsPage versions;
    @Inject
    SettingsPage settings;
    @Inject
    ModelsPage models;
    @Inject
    KeysPage keys;
    @Inject
    AuditPage audit;
    @Inject
    UsersPage users;
    @Inject
    ProvidersPage providers;

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse res) throws IOException {
        ConsoleRequest r = new ConsoleRequest(req, res, getServletContext(), templates);
        String p = r.path();
        if (p.equals("/")) {
            r.redirect("/dashboard");
        } else if (p.equals("/login")) {
            login.show(r, null);
        } else if (p.equals("/dashboard")) {
            dashboard.show(r);
        } else if (p.equals("/tiers")) {
            tiers.list(r);
        } else if (p.startsWith("/tiers/")) {
            tiers.show(r, p.substring("/tiers/".length()));
        } else if (p.equals("/requests")) {
            requests.list(r);
        } else if (p.equals("/requests.csv")) {
            requests.csv(r);
        } else if (p.startsWith("/requests/")) {
            requests.show(r, p.substring("/requests/".length()));
        } else if (p.equals("/breakers")) {
            breakers.list(r);
        } else if (p.equals("/versions")) {
            versions.list(r);
        } else if (p.equals("/settings")) {
            settings.show(r);
        } else if (p.equals("/keys")) {
            keys.list(r);
        } else if (p.equals("/audit")) {
            audit.list(r);
        } else if (p.equals("/users")) {
            users.list(r);
        } else if (p.equals("/providers")) {
            providers.list(r);
        } else if (p.equals("/models")) {
            models.list(r);
        } else if (p.equals("/models/new")) {
            models.edit(r, null);
        } else if (p.startsWith("/models/")) {
            models.edit(r, p.substring("/models/".length()));
        } else if (p.equals("/versions/diff")) {
            versions.diff(r);
        } else {
            r.error(404, "Not found", "There is no console page at this address.");
        }
    }

    @Override
    protected void doPost(HttpServletRequest req, HttpServletResponse res) throws IOException {
        ConsoleRequest r = new ConsoleRequest(req, res, getServletContext(), templates);
        String p = r.path();
        if (!ConsoleSession.csrfValid(req)) {
            r.error(403, "Refused", "This form was not issued by this session (missing or wrong CSRF token). "
                    + "Reload the page and try again.");
            return;
        }
        if (p.equals("/login")) {
            login.signIn(r);
            return;
        }
        if (p.equals("/logout")) {
            ConsoleSession.signOut(req);
            r.redirect("/login");
            return;
        }
        if (!r.admin()) {
            r.error(403, "Read only", "Your role may read the console but not change anything.");
            return;
        }
        if (p.equals("/tiers")) {
            tiers.create(r);
        } else if (p.startsWith("/tiers/")) {
            tiers.change(r, p.substring("/tiers/".length()));
        } else if (p.startsWith("/breakers/")) {
            breakers.change(r, p.substring("/breakers/".length()));
        } else if (p.equals("/settings")) {
            settings.change(r);
        } else if (p.equals("/keys")) {
            keys.create(r);
        } else if (p.equals("/users")) {
            users.save(r);
        } else if (p.equals("/providers")) {
            providers.save(r);
        } else if (p.startsWith("/keys/") && p.endsWith("/revoke")) {
            keys.revoke(r, p.substring("/keys/".length(), p.length() - "/revoke".length()));
        } else if (p.equals("/models")) {
            models.save(r, null);
        } else if (p.startsWith("/models/") && p.endsWith("/toggle")) {
            models.toggle(r, p.substring("/models/".length(), p.length() - "/toggle".length()));
        } else if (p.startsWith("/models/")) {
            models.save(r, p.substring("/models/".length()));
        } else if (p.startsWith("/versions/") && p.endsWith("/rollback")) {
            versions.rollback(r, p.substring("/versions/".length(), p.length() - "/rollback".length()));
        } else {
            r.error(404, "Not found", "There is no console action at this address.");
        }
    }
}
