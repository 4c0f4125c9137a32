package dev.llmproxy.interfaces.admin;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.application.security.SignInThrottle;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.SecurityContext;

/**
 * Lifts every sign-in lock-out at once (audited), for the admin whose colleague is locked out; a lock-out also ends by
 * itself when its window does ({@code signInWindowMs}).
 */
@Path("sign-in-locks")
@Produces(MediaType.APPLICATION_JSON)
public class SignInLocksResource {

    @Inject
    SignInThrottle throttle;

    @DELETE
    public JsonObject unlockAll(@Context SecurityContext security) {
        int cleared = throttle.unlockAll(AdminExceptionMappers.who(security));
        return JsonCodec.object().add("cleared", cleared).build();
    }
}
