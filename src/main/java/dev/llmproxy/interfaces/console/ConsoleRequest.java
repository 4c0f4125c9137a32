package dev.llmproxy.interfaces.console;

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
        String info = req.getPathInfo();
        this.path = info == null || info.isEmpty() ? "/" : info;
    }

    public HttpServletRequest req() {
        return req;
    }

    public HttpServletResponse res() {
        return res;
    }

    /** Below {@code /admin}: {@code /}, {@code /tiers/fast}... */
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

    public void error(int status, String title, String message) throws IOException {
        res.setStatus(status);
        render("error", "", Map.of("title", title, "message", message));
    }
}
