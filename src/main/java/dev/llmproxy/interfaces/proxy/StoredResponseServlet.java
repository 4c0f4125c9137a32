package dev.llmproxy.interfaces.proxy;

import dev.llmproxy.application.access.AccessControl;
import dev.llmproxy.application.access.AccessRequest;
import dev.llmproxy.application.audit.AuditTrail;
import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.application.responses.StoredResponses;
import dev.llmproxy.domain.failure.ErrorKind;
import dev.llmproxy.domain.failure.ProxyError;
import dev.llmproxy.domain.failure.ProxyException;
import dev.llmproxy.interfaces.json.JsonResponses;
import dev.llmproxy.interfaces.proxy.door.RequestIds;
import jakarta.inject.Inject;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * {@code GET} and {@code DELETE /v1/responses/{id}}: a stored response, for its owner only (the same API key, or the
 * same anonymous client). Anyone else gets the 404 an unknown id gets, never someone else's answer. The caller is let
 * in (and counted) as on every endpoint that serves callers, and every read, delete and miss is in the audit trail
 * under its owner: stored prompts and answers are read by auditors' rules too.
 */
@WebServlet(urlPatterns = "/v1/responses/*")
public class StoredResponseServlet extends ApiServlet {

    @Inject
    AccessControl access;
    @Inject
    StoredResponses store;
    @Inject
    AuditTrail audit;

    public StoredResponseServlet() {
        super("GET", "DELETE");
    }

    /** What a request does with one stored response of its caller's: true when there was one to do it with. */
    @FunctionalInterface
    private interface OwnedAction {
        boolean apply(String id, String owner) throws IOException;
    }

    /** How the audit trail names an action on a stored response, done or not. */
    private record Audited(String done, String missed) {
    }

    private static final Audited READ = new Audited("stored response read", "stored response asked for, not found");
    private static final Audited DELETED = new Audited("stored response deleted",
            "stored response delete asked for, not found");

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse res) throws IOException {
        withOwned(req, res, READ, (id, owner) -> {
            Optional<StoredResponses.Stored> stored = store.find(id, owner);
            if (stored.isPresent()) {
                JsonResponses.write(res, 200, stored.get().response().getBytes(StandardCharsets.UTF_8));
            }
            return stored.isPresent();
        });
    }

    @Override
    protected void doDelete(HttpServletRequest req, HttpServletResponse res) throws IOException {
        withOwned(req, res, DELETED, (id, owner) -> {
            boolean deleted = store.delete(id, owner);
            if (deleted) {
                JsonResponses.write(res, 200, JsonCodec.object().add("id", id).add("object", "response")
                        .add("deleted", true).build());
            }
            return deleted;
        });
    }

    /**
     * Lets the caller in (a refusal is answered), then acts on the response the path names if the caller owns it;
     * anything else is the same 404.
     */
    private void withOwned(HttpServletRequest req, HttpServletResponse res, Audited what, OwnedAction action)
            throws IOException {
        String owner;
        try {
            owner = StoredResponses.ownerOf(access.admit(new AccessRequest(req.getRemoteAddr(),
                    req.getHeader("Forwarded"), req.getHeader("X-Forwarded-For"), req.getHeader("Authorization"),
                    null), RequestIds.of(req)).record());
        } catch (ProxyException e) {
            JsonResponses.error(res, e.error());
            return;
        }
        String id = id(req);
        boolean found = owner != null && id != null && action.apply(id, owner);
        if (!found) {
            notFound(res, id);
        }
        if (owner != null && id != null) {
            audit.record(owner, found ? what.done() : what.missed(), clip(id), null, null);
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
                + (id == null ? "" : clip(id)) + "' of yours.", null, null));
    }

    private static String clip(String id) {
        return id.length() > 100 ? id.substring(0, 100) + "..." : id;
    }
}
