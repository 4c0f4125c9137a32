package dev.llmproxy.interfaces.console;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;

/**
 * Security headers on the console and the admin API (web.xml maps it): no script at all (the console works without
 * JavaScript), nothing framed, no sniffing, nothing cached.
 */
public class SecurityHeaders extends HttpFilter {

    static final String CSP = "default-src 'none'; style-src 'self'; img-src 'self' data:; form-action 'self'; "
            + "frame-ancestors 'none'; base-uri 'none'";

    @Override
    protected void doFilter(HttpServletRequest req, HttpServletResponse res, FilterChain chain)
            throws IOException, ServletException {
        res.setHeader("Content-Security-Policy", CSP);
        res.setHeader("X-Content-Type-Options", "nosniff");
        res.setHeader("X-Frame-Options", "DENY");
        res.setHeader("Referrer-Policy", "same-origin");
        res.setHeader("Cache-Control", "no-store");
        chain.doFilter(req, res);
    }
}
