package dev.llmproxy.interfaces.proxy;

import dev.llmproxy.interfaces.proxy.door.RequestIds;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;

/** Every response carries X-Request-Id, the key to its request log row and the server log lines (web.xml maps it first). */
public class RequestIdFilter extends HttpFilter {

    @Override
    protected void doFilter(HttpServletRequest req, HttpServletResponse res, FilterChain chain)
            throws IOException, ServletException {
        String id = RequestIds.next();
        req.setAttribute(RequestIds.ATTRIBUTE, id);
        res.setHeader(RequestIds.HEADER, id);
        chain.doFilter(req, res);
    }
}
