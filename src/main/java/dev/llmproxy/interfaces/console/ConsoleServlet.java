package dev.llmproxy.interfaces.console;

import dev.llmproxy.interfaces.security.ConsoleSession;
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

    /** Pages, in the order they are tried (a fixed segment before a parameter in the same place). */
    static final List<ConsoleRoute> GETS = List.of(
            ConsoleRoute.of("/", (c, r, p) -> r.redirect("/dashboard")),
            ConsoleRoute.open("/login", (c, r, p) -> c.login.show(r, null)),
            ConsoleRoute.open("/oidc/start", (c, r, p) -> c.sso.start(r)),
            ConsoleRoute.open("/oidc/callback", (c, r, p) -> c.sso.callback(r)),
            ConsoleRoute.of("/dashboard", (c, r, p) -> c.dashboard.show(r)),
            ConsoleRoute.of("/tiers", (c, r, p) -> c.tiers.list(r)),
            ConsoleRoute.of("/tiers/{name}", (c, r, p) -> c.tiers.show(r, p.get(0))),
            ConsoleRoute.of("/providers", (c, r, p) -> c.providers.list(r)),
            ConsoleRoute.of("/models", (c, r, p) -> c.models.list(r)),
            ConsoleRoute.of("/models/new", (c, r, p) -> c.models.edit(r, null)),
            ConsoleRoute.of("/models/{name}", (c, r, p) -> c.models.edit(r, p.get(0))),
            ConsoleRoute.of("/settings", (c, r, p) -> c.settings.show(r)),
            ConsoleRoute.of("/breakers", (c, r, p) -> c.breakers.list(r)),
            ConsoleRoute.of("/parity", (c, r, p) -> c.parity.show(r)),
            ConsoleRoute.of("/requests", (c, r, p) -> c.requests.list(r)),
            ConsoleRoute.of("/requests.csv", (c, r, p) -> c.requests.csv(r)),
            ConsoleRoute.of("/requests/{id}", (c, r, p) -> c.requests.show(r, p.get(0))),
            ConsoleRoute.of("/keys", (c, r, p) -> c.keys.list(r)),
            ConsoleRoute.of("/keys/{id}", (c, r, p) -> c.keyPage.show(r, p.get(0))),
            ConsoleRoute.of("/users", (c, r, p) -> c.users.list(r)),
            ConsoleRoute.of("/audit", (c, r, p) -> c.audit.list(r)),
            ConsoleRoute.of("/versions", (c, r, p) -> c.versions.list(r)),
            ConsoleRoute.of("/versions/diff", (c, r, p) -> c.versions.diff(r)));

    /** Actions: every one needs the CSRF token; all but signing in and out need the admin role. */
    static final List<ConsoleRoute> POSTS = List.of(
            ConsoleRoute.open("/login", (c, r, p) -> c.login.signIn(r)),
            ConsoleRoute.of("/logout", (c, r, p) -> c.sso.signOut(r)),
            ConsoleRoute.of("/tiers", (c, r, p) -> c.tiers.create(r)),
            ConsoleRoute.of("/tiers/{name}", (c, r, p) -> c.tiers.change(r, p.get(0))),
            ConsoleRoute.of("/providers", (c, r, p) -> c.providers.save(r)),
            ConsoleRoute.of("/models", (c, r, p) -> c.models.save(r, null)),
            ConsoleRoute.of("/models/{name}", (c, r, p) -> c.models.save(r, p.get(0))),
            ConsoleRoute.of("/models/{name}/toggle", (c, r, p) -> c.models.toggle(r, p.get(0))),
            ConsoleRoute.of("/settings", (c, r, p) -> c.settings.change(r)),
            ConsoleRoute.of("/breakers/{model}/open", (c, r, p) -> c.breakers.change(r, p.get(0), "open")),
            ConsoleRoute.of("/breakers/{model}/reset", (c, r, p) -> c.breakers.change(r, p.get(0), "reset")),
            ConsoleRoute.of("/keys", (c, r, p) -> c.keys.create(r)),
            ConsoleRoute.of("/keys/{id}/revoke", (c, r, p) -> c.keys.revoke(r, p.get(0))),
            ConsoleRoute.of("/keys/{id}/budget", (c, r, p) -> c.keyPage.setBudget(r, p.get(0))),
            ConsoleRoute.of("/users", (c, r, p) -> c.users.save(r)),
            ConsoleRoute.of("/versions/{version}/rollback", (c, r, p) -> c.versions.rollback(r, p.get(0))));

    /** Every page and action that needs a signed-in user, for the route scan that proves it. */
    public static final List<String> PAGES = GETS.stream().filter(g -> !g.open()).map(ConsoleRoute::template).toList();
    public static final List<String> ACTIONS = POSTS.stream().filter(g -> !g.open()).map(ConsoleRoute::template).toList();

    private static final String LOGOUT = "/logout";

    @Inject
    Templates templates;
    @Inject
    LoginPage login;
    @Inject
    SingleSignOnPages sso;
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
    KeyPage keyPage;
    @Inject
    AuditPage audit;
    @Inject
    UsersPage users;
    @Inject
    ProvidersPage providers;
    @Inject
    ParityPage parity;

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse res) throws IOException {
        ConsoleRequest r = new ConsoleRequest(req, res, getServletContext(), templates);
        if (!dispatch(GETS, r)) {
            r.error(404, "Not found", "There is no console page at this address.");
        }
    }

    @Override
    protected void doPost(HttpServletRequest req, HttpServletResponse res) throws IOException {
        ConsoleRequest r = new ConsoleRequest(req, res, getServletContext(), templates);
        if (!ConsoleSession.csrfValid(req)) {
            r.error(403, "Refused", "This form was not issued by this session (missing or wrong CSRF token). "
                    + "Reload the page and try again.");
            return;
        }
        if (!dispatch(POSTS, r)) {
            r.error(404, "Not found", "There is no console action at this address.");
        }
    }

    /** @return false when no route fits the path */
    private boolean dispatch(List<ConsoleRoute> routes, ConsoleRequest r) throws IOException {
        for (ConsoleRoute route : routes) {
            List<String> params = route.match(r.path());
            if (params != null) {
                if (routes == POSTS && !route.open() && !route.template().equals(LOGOUT) && !r.admin()) {
                    r.error(403, "Read only", "Your role may read the console but not change anything.");
                } else {
                    route.handler().handle(this, r, params);
                }
                return true;
            }
        }
        return false;
    }
}
