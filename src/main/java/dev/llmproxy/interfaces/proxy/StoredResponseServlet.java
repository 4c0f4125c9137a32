package dev.llmproxy.interfaces.proxy;

import dev.llmproxy.application.access.AccessControl;
import dev.llmproxy.application.access.AccessRequest;
import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.application.responses.StoredResponses;
import dev.llmproxy.domain.failure.ErrorKind;
import dev.llmproxy.domain.failure.ProxyError;
import dev.llmproxy.domain.failure.ProxyException;
import dev.llmproxy.interfaces.json.JsonResponses;
import jakarta.inject.Inject;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * {@code GET} and {@code DELETE /v1/responses/{id}}: a stored response, for its owner only (the same API key, or the
 * same anonymous client). Anyone else gets the 404 an unknown id gets, never someone else's answer. The caller is let
 * in (and counted) as on every endpoint that serves callers.
 */
@WebServlet(urlPatterns = "/v1/responses/*")
public class StoredResponseServlet extends ApiServlet {

    @Inject
    AccessControl access;
    @Inject
    StoredResponses store;

    public StoredResponseServlet() {
        super("GET", "DELETE");
    }

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse res) throws IOException {
        String owner = owner(req, res);
        if (owner == null) {
            return;
        }
        String id = id(req);
        var stored = id == null ? java.util.Optional.<StoredResponses.Stored>empty() : store.find(id, owner);
        if (stored.isEmpty()) {
            notFound(res, id);
            return;
        }
        JsonResponses.write(res, 200, stored.get().response().getBytes(StandardCharsets.UTF_8));
    }

    @Override
    protected void doDelete(HttpServletRequest req, HttpServletResponse res) throws IOException {
        String owner = owner(req, res);
        if (owner == null) {
            return;
        }
        String id = id(req);
        if (id == null || !store.delete(id, owner)) {
            notFound(res, id);
            return;
        }
        JsonResponses.write(res, 200, JsonCodec.object().add("id", id).add("object", "response")
                .add("deleted", true).build());
    }

    /** The caller's owner name, once let in; null when refused (the refusal is answered). */
    private String owner(HttpServletRequest req, HttpServletResponse res) throws IOException {
        try {
            String owner = StoredResponses.ownerOf(access.admit(new AccessRequest(req.getRemoteAddr(),
                    req.getHeader("Forwarded"), req.getHeader("X-Forwarded-For"), req.getHeader("Authorization"),
                    null), RequestIds.of(req)).record());
            if (owner == null) {
                notFound(res, id(req));
            }
            return owner;
        } catch (ProxyException e) {
            JsonResponses.error(res, e.error());
            return null;
        }
    }

    /** The id in {@code /v1/responses/{id}}, or null when the path holds none (or more). */
    private static String id(HttpServletRequest req) {
        String path = req.getPathInfo();
        if (path == null || path.length() < 2 || path.indexOf('/', 1) >= 0) {
            return null;
        }
        return path.substring(1);
    }

    private static void notFound(HttpServletResponse res, String id) throws IOException {
        JsonResponses.error(res, new ProxyError(ErrorKind.NOT_FOUND, "No stored response '"
                + (id == null ? "" : id.length() > 100 ? id.substring(0, 100) + "..." : id) + "' of yours.", null,
                null));
    }
}
