package dev.llmproxy.interfaces.console;

import dev.llmproxy.application.security.SignInChallenge;
import dev.llmproxy.application.security.SignInRefused;
import dev.llmproxy.application.security.SingleSignOn;
import dev.llmproxy.interfaces.security.ConsoleSession;
import dev.llmproxy.interfaces.security.PendingSignIns;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.io.IOException;
import java.net.URI;
import java.util.Optional;
import java.util.logging.Logger;

/**
 * The console's single sign-on: off to the provider with a fresh challenge, back with a code, signed in with the
 * roles the person's groups give; and out again, at the provider too.
 */
@ApplicationScoped
public class SingleSignOnPages {

    private static final Logger LOG = Logger.getLogger(SingleSignOnPages.class.getName());

    private final SingleSignOn sso;
    private final PendingSignIns pending;
    private final LoginPage login;

    @Inject
    SingleSignOnPages(SingleSignOn sso, PendingSignIns pending, LoginPage login) {
        this.sso = sso;
        this.pending = pending;
        this.login = login;
    }

    /** For the container's client proxy. */
    protected SingleSignOnPages() {
        this(null, null, null);
    }

    void start(ConsoleRequest r) throws IOException {
        if (!sso.enabled()) {
            r.error(404, "Not found", "Single sign-on is not configured on this proxy.");
            return;
        }
        SignInChallenge challenge = sso.challenge(address(r, "/admin/oidc/callback"));
        URI to;
        try {
            to = sso.authorizationUrl(challenge);
        } catch (SignInRefused e) {
            LOG.warning(e.getMessage());
            r.res().setStatus(503);
            login.show(r, "The sign-in provider cannot be reached just now. Try again in a moment.");
            return;
        }
        pending.hold(challenge, r.req(), r.res());
        r.res().sendRedirect(to.toString());
    }

    void callback(ConsoleRequest r) throws IOException {
        Optional<SignInChallenge> challenge = sso.enabled()
                ? pending.claim(r.req().getParameter("state"), r.req(), r.res()) : Optional.empty();
        if (challenge.isEmpty()) {
            r.res().setStatus(400);
            login.show(r, "This sign-in is unknown, was already used or took too long. Start again.");
            return;
        }
        String error = r.req().getParameter("error");
        String code = r.req().getParameter("code");
        if (error != null || code == null) {
            r.res().setStatus(401);
            login.show(r, "The sign-in provider did not sign you in" + (error == null ? "." : ": " + error + "."));
            return;
        }
        SingleSignOn.Result result = sso.finish(challenge.get(), code);
        if (result instanceof SingleSignOn.Result.SignedIn in) {
            ConsoleSession.signIn(r.req(), in.identity().principal(), in.roles(), in.idToken());
            LOG.info(() -> "Console sign-in through single sign-on: " + in.identity().principal());
            continueToDashboard(r);
        } else if (result instanceof SingleSignOn.Result.Refused refused) {
            r.res().setStatus(refused.providerFault() ? 503 : 403);
            login.show(r, refused.message());
        }
    }

    /** Ends the console's session, then the provider's when it signed the person in and can. */
    void signOut(ConsoleRequest r) throws IOException {
        String idToken = ConsoleSession.idToken(r.req());
        ConsoleSession.signOut(r.req());
        Optional<URI> atProvider = sso.endSession(idToken, address(r, "/admin/login"));
        if (atProvider.isPresent()) {
            // not a redirect: the console's policy lets a form lead only to this site (form-action 'self')
            moveOn(r, atProvider.get().toString(), "Signed out of the console. Signing you out at your provider",
                    "Continue");
        } else {
            r.redirect("/login");
        }
    }

    /**
     * Signed in: the browser came here from the provider's site, and would not send the new session's strict cookie
     * along a redirect that continues that navigation. A page that moves on by itself starts a navigation from here.
     */
    private static void continueToDashboard(ConsoleRequest r) throws IOException {
        moveOn(r, r.req().getContextPath() + "/admin/dashboard", "Signed in", "Continue to the console");
    }

    /** A page that goes on to {@code to} by itself (a link for a browser that does not). */
    private static void moveOn(ConsoleRequest r, String to, String saying, String link) throws IOException {
        String href = to.replace("&", "&amp;").replace("\"", "&quot;").replace("<", "&lt;");
        r.res().setStatus(200);
        r.res().setContentType("text/html;charset=UTF-8");
        r.res().getWriter().write("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">"
                + "<meta http-equiv=\"refresh\" content=\"0;url=" + href + "\"><title>" + saying + " · LLM proxy"
                + "</title></head><body><p>" + saying + ". <a href=\"" + href + "\">" + link + "</a>.</p>"
                + "</body></html>");
    }

    /** An address of this console as the browser reached it. */
    private static URI address(ConsoleRequest r, String path) {
        return URI.create(r.req().getRequestURL().toString()).resolve(r.req().getContextPath() + path);
    }
}
