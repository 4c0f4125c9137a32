package dev.llmproxy.application.security;

import dev.llmproxy.application.audit.AuditTrail;
import dev.llmproxy.domain.audit.AuditEvent;
import dev.llmproxy.domain.security.Identity;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import java.util.logging.Logger;

/**
 * Signing in through the company's OpenID Connect provider: the console's sign-in (authorization code with PKCE)
 * and the admin API's bearer tokens. Roles come from the person's groups at each sign-in; a console sign-in is
 * audited with the provider's subject, and so is a change of the roles it gave since the last one.
 */
@ApplicationScoped
public class SingleSignOn {

    /** How long a person may take at the provider before the sign-in must start again. */
    static final Duration CHALLENGE_LIFETIME = Duration.ofMinutes(10);
    static final String SIGNED_IN = "signed in (single sign-on)";
    static final String ROLES_CHANGED = "console roles changed (single sign-on)";
    static final String REFUSED = "sign-in refused (single sign-on)";
    private static final Logger LOG = Logger.getLogger(SingleSignOn.class.getName());

    /** What came of a sign-in or a bearer token. */
    public sealed interface Result {
        record SignedIn(Identity identity, Set<String> roles, String idToken) implements Result { }

        /** @param providerFault the provider could not be reached or answered wrongly */
        record Refused(String message, boolean providerFault) implements Result { }
    }

    private final SingleSignOnSettings settings;
    private final IdentityProvider provider;
    private final AuditTrail audit;
    private final Clock clock;

    @Inject
    SingleSignOn(SingleSignOnSettings settings, IdentityProvider provider, AuditTrail audit, Clock clock) {
        this.settings = settings;
        this.provider = provider;
        this.audit = audit;
        this.clock = clock;
    }

    /** For the container's client proxy. */
    protected SingleSignOn() {
        this(null, null, null, null);
    }

    public boolean enabled() {
        return settings.singleSignOn();
    }

    /** A new challenge and where to send the browser with it. */
    public SignInChallenge challenge(URI redirectUri) {
        return SignInChallenge.fresh(settings.redirectUri().orElse(redirectUri), clock.instant());
    }

    public URI authorizationUrl(SignInChallenge challenge) throws SignInRefused {
        return provider.authorizationUrl(challenge);
    }

    /** The provider sent the browser back with a code: redeem it, check the ID token, give roles. */
    public Result finish(SignInChallenge challenge, String code) {
        if (!clock.instant().isBefore(challenge.created().plus(CHALLENGE_LIFETIME))) {
            return new Result.Refused("This sign-in was started more than 10 minutes ago. Start again.", false);
        }
        IdentityProvider.Verified verified;
        try {
            verified = provider.redeem(code, challenge);
        } catch (SignInRefused e) {
            audit.record("single sign-on", REFUSED, "unknown", null, e.getMessage());
            return new Result.Refused(e.getMessage(), e.providerFault());
        }
        Identity who = verified.identity();
        Set<String> roles = settings.roles().roles(who.groups());
        if (roles.isEmpty()) {
            audit.record(who.principal(), REFUSED, who.describe(), null, "no role: groups " + who.groups());
            return new Result.Refused("You are signed in at the provider as " + who.name() + ", but none of your "
                    + "groups gives a role in this console. Ask an administrator to add you to one.", false);
        }
        Optional<AuditEvent> last = audit.latest(SIGNED_IN, who.describe());
        audit.record(who.principal(), SIGNED_IN, who.describe(), null, String.join(",", roles));
        last.filter(e -> !String.join(",", roles).equals(e.after())).ifPresent(e ->
                audit.record(who.principal(), ROLES_CHANGED, who.describe(), e.after(), String.join(",", roles)));
        return new Result.SignedIn(who, roles, verified.idToken());
    }

    /** An access token presented to the admin API. */
    public Result bearer(String token) {
        if (!enabled()) {
            return new Result.Refused("Bearer tokens are not accepted: single sign-on is not configured.", false);
        }
        try {
            Identity who = provider.verifyAccessToken(token);
            return new Result.SignedIn(who, settings.roles().roles(who.groups()), null);
        } catch (SignInRefused e) {
            LOG.fine(() -> "Admin API bearer token refused: " + e.getMessage());
            return new Result.Refused(e.getMessage(), e.providerFault());
        }
    }

    /** Where to end the provider's session after the console's, if the provider says. */
    public Optional<URI> endSession(String idToken, URI afterLogout) {
        return idToken == null ? Optional.empty() : provider.endSession(idToken, afterLogout);
    }
}
