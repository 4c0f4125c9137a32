package dev.llmproxy.interfaces.console;

import dev.llmproxy.interfaces.security.ConsoleSession;
import dev.llmproxy.domain.security.ConsoleUser;
import jakarta.servlet.ServletContext;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;

/** One console request: the path below {@code /admin}, who asks, and rendering with the page chrome. */
public final class ConsoleRequest {

    /** What every page's layout shows: who is signed in, whether they may edit, the CSRF token, the active tab. */
    public record Chrome(String user, boolean admin, String csrf, String active) {
    }

    private final HttpServletRequest req;
    private final HttpServletResponse res;
    private final ServletContext servletContext;
    private final Templates templates;
    private final String path;

    ConsoleRequest(HttpServletRequest req, HttpServletResponse res, ServletContext servletContext, Templates templates) {
        this.req = req;
        this.res = res;
        this.servletContext = servletContext;
        this.templates = templates;
        // the raw (still encoded) path, so that a name holding '/' or '+' stays one segment; ConsoleRoute decodes
        String below = req.getRequestURI().substring(req.getContextPath().length() + "/admin".length());
        this.path = below.isEmpty() ? "/" : below;
    }

    public HttpServletRequest req() {
        return req;
    }

    public HttpServletResponse res() {
        return res;
    }

    /** Below {@code /admin}, still URL-encoded: {@code /}, {@code /tiers/fast}... */
    public String path() {
        return path;
    }

    public String param(String name) {
        String v = req.getParameter(name);
        return v == null || v.isBlank() ? null : v.trim();
    }

    public boolean admin() {
        return req.isUserInRole(ConsoleUser.ADMIN);
    }

    public String user() {
        return req.getUserPrincipal() == null ? null : req.getUserPrincipal().getName();
    }

    public void render(String template, String active, Map<String, Object> model) throws IOException {
        Map<String, Object> all = new HashMap<>(model);
        all.put("chrome", new Chrome(user(), admin(), ConsoleSession.csrfToken(req), active));
        templates.render(template, all, servletContext, req, res);
    }

    /** After a change: the browser asks again with GET (post/redirect/get). */
    public void redirect(String pathBelowAdmin) throws IOException {
        res.sendRedirect(req.getContextPath() + "/admin" + pathBelowAdmin);
    }

    /**
     * Optimistic locking: a form carries the configuration version it was made from. When another change came in
     * between, the editor is told (409) and nothing is saved, rather than one edit silently overwriting another.
     *
     * @return true when the form is stale (the 409 page has been sent)
     */
    public boolean stale(long currentVersion) throws IOException {
        if (Long.toString(currentVersion).equals(param("version"))) {
            return false;
        }
        error(409, "Changed meanwhile", "The configuration changed since you loaded this page (now version "
                + currentVersion + "); nothing was saved. Reload the page and make your change again.");
        return true;
    }

    public void error(int status, String title, String message) throws IOException {
        res.setStatus(status);
        render("error", "", Map.of("title", title, "message", message));
    }
}
