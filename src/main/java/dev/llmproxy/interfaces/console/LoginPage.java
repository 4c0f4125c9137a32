package dev.llmproxy.interfaces.console;

import dev.llmproxy.interfaces.security.ConsoleSession;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import dev.llmproxy.application.access.AccessControl;
import dev.llmproxy.application.audit.AuditTrail;
import dev.llmproxy.application.security.SignIn;
import dev.llmproxy.application.security.SingleSignOnSettings;
import dev.llmproxy.domain.security.ConsoleUser;
import dev.llmproxy.interfaces.json.JsonResponses;
import dev.llmproxy.interfaces.security.AdminGate;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeSet;

/**
 * The sign-in page: the form for the console's local users (the password is never logged) and, when configured, the
 * way to single sign-on. Local sign-ins are audited like single sign-ons are.
 */
@ApplicationScoped
public class LoginPage {

    private final SignIn signIn;
    private final AccessControl access;
    private final SingleSignOnSettings settings;
    private final AuditTrail audit;

    @Inject
    LoginPage(SignIn signIn, AccessControl access, SingleSignOnSettings settings, AuditTrail audit) {
        this.signIn = signIn;
        this.access = access;
        this.settings = settings;
        this.audit = audit;
    }

    /** For the container's client proxy. */
    protected LoginPage() {
        this(null, null, null, null);
    }

    void show(ConsoleRequest r, String error) throws IOException {
        Map<String, Object> model = new HashMap<>();
        model.put("error", error);
        model.put("csrf", ConsoleSession.csrfToken(r.req()));
        model.put("singleSignOn", settings.singleSignOn());
        model.put("localUsers", settings.localUsers());
        r.render("login", "", model);
    }

    void signIn(ConsoleRequest r) throws IOException {
        String user = r.param("username");
        String password = r.req().getParameter("password");
        if (user != null && password != null) {
            SignIn.Result result = signIn.attempt(user, password.toCharArray(), AdminGate.clientHash(access, r.req()));
            if (result instanceof SignIn.Result.LockedOut locked) {
                long seconds = JsonResponses.retryAfterSeconds(locked.retryAfter());
                r.res().setStatus(429);
                r.res().setHeader("Retry-After", Long.toString(seconds));
                show(r, "Too many failed sign-ins for this user or from this address. Try again in "
                        + Math.max(1, (seconds + 59) / 60) + " minutes.");
                return;
            }
            if (result instanceof SignIn.Result.LocalUsersOff) {
                r.res().setStatus(403);
                show(r, "Local users are switched off here: sign in through single sign-on.");
                return;
            }
            if (result instanceof SignIn.Result.SignedIn signedIn) {
                ConsoleUser u = signedIn.user();
                ConsoleSession.signIn(r.req(), u.username(), u.roles());
                audit.record(u.username(), "signed in (local user)", u.username(), null,
                        String.join(",", new TreeSet<>(u.roles())));
                r.redirect("/dashboard");
                return;
            }
        }
        r.res().setStatus(401);
        show(r, "Wrong user name or password.");
    }
}
