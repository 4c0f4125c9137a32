package dev.llmproxy.interfaces.admin;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.domain.config.ConfigValidationException;
import dev.llmproxy.domain.failure.ErrorKind;
import dev.llmproxy.domain.failure.ProxyError;
import dev.llmproxy.domain.failure.ProxyException;
import dev.llmproxy.interfaces.json.ErrorBodies;
import dev.llmproxy.interfaces.json.ErrorWire;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.persistence.PersistenceException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

import java.util.Set;
import java.util.TreeSet;
import java.util.logging.Level;
import java.util.logging.Logger;

/** Admin API errors in the same OpenAI shape as the proxy's, with every config problem listed. */
public final class AdminExceptionMappers {

    private AdminExceptionMappers() {
    }

    @Provider
    public static class InvalidConfig implements ExceptionMapper<ConfigValidationException> {
        @Override
        public Response toResponse(ConfigValidationException e) {
            JsonObject base = ErrorBodies.of(new ProxyError(ErrorKind.BAD_REQUEST,
                    "The request was rejected; nothing was changed. " + e.getMessage(), null, null));
            JsonObject error = JsonCodec.object(base.getJsonObject("error"))
                    .add("code", "invalid_config")
                    .add("details", JsonCodec.array(e.problems()))
                    .add("problems", problems(e)).build();
            return json(400, JsonCodec.object().add("error", error).build());
        }
    }

    /** Each problem with its path, for a client that puts messages beside its own fields. */
    private static JsonArrayBuilder problems(ConfigValidationException e) {
        JsonArrayBuilder out = JsonCodec.array();
        e.found().forEach(p -> out.add(JsonCodec.object().add("path", p.path()).add("message", p.message())));
        return out;
    }

    @Provider
    public static class Refused implements ExceptionMapper<ProxyException> {
        @Override
        public Response toResponse(ProxyException e) {
            return json(ErrorWire.statusOf(e.error().kind()), ErrorBodies.of(e.error()));
        }
    }

    /** A concurrent change stored the same version first (another admin or instance). */
    @Provider
    public static class Conflict implements ExceptionMapper<PersistenceException> {
        private static final Logger LOG = Logger.getLogger(Conflict.class.getName());

        @Override
        public Response toResponse(PersistenceException e) {
            LOG.log(Level.WARNING, "Admin API database error", e);
            return json(409, ErrorBodies.of(ProxyError.of(ErrorKind.BAD_REQUEST,
                    "The change could not be stored, most likely because another change was stored at the same "
                            + "moment; reload and try again.")));
        }
    }

    @Provider
    public static class TransactionFailed implements ExceptionMapper<jakarta.transaction.TransactionalException> {
        @Override
        public Response toResponse(jakarta.transaction.TransactionalException e) {
            return new Conflict().toResponse(new PersistenceException(e));
        }
    }

    /**
     * What JAX-RS itself refuses (no such route, a method or media type the route does not take), in the same shape
     * as every other error, keeping the status and headers such as {@code Allow}.
     */
    @Provider
    public static class Refusal implements ExceptionMapper<WebApplicationException> {
        @Override
        public Response toResponse(WebApplicationException e) {
            Response refused = e.getResponse();
            int status = refused.getStatus();
            String message = switch (status) {
                case 404 -> "No admin API route matches this path.";
                case 405 -> "This route does not take that method; it takes " + allowed(refused) + ".";
                case 406 -> "This route answers application/json only.";
                case 415 -> "Content-Type must be application/json.";
                default -> "The request was refused: HTTP " + status + " "
                        + Response.Status.Family.familyOf(status).name().toLowerCase().replace('_', ' ') + ".";
            };
            ErrorKind kind = switch (status) {
                case 404 -> ErrorKind.NOT_FOUND;
                case 405 -> ErrorKind.METHOD_NOT_ALLOWED;
                case 415 -> ErrorKind.UNSUPPORTED_MEDIA_TYPE;
                default -> status >= 500 ? ErrorKind.INTERNAL : ErrorKind.BAD_REQUEST;
            };
            Response.ResponseBuilder answer = Response.fromResponse(refused).type(MediaType.APPLICATION_JSON)
                    .entity(ErrorBodies.of(ProxyError.of(kind, message)));
            return answer.build();
        }

        private static String allowed(Response refused) {
            Set<String> methods = refused.getAllowedMethods();
            return methods.isEmpty() ? "other methods" : String.join(", ", new TreeSet<>(methods));
        }
    }

    /** Anything else thrown by a route: logged, and answered in the same shape instead of the server's page. */
    @Provider
    public static class Unexpected implements ExceptionMapper<RuntimeException> {
        private static final Logger LOG = Logger.getLogger(Unexpected.class.getName());

        @Override
        public Response toResponse(RuntimeException e) {
            LOG.log(Level.SEVERE, "Admin API request failed inside the proxy", e);
            return json(500, ErrorBodies.of(ProxyError.of(ErrorKind.INTERNAL,
                    "The proxy failed to handle this request; nothing was changed unless the audit trail says so.")));
        }
    }

    /** The signed-in admin's name, for logs and the audit trail. */
    static String who(jakarta.ws.rs.core.SecurityContext security) {
        return security.getUserPrincipal() == null ? "unknown" : security.getUserPrincipal().getName();
    }

    static Response json(int status, JsonObject body) {
        return Response.status(status).type(MediaType.APPLICATION_JSON).entity(body).build();
    }
}
