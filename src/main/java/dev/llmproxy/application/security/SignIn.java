package dev.llmproxy.application.security;

import dev.llmproxy.domain.security.ConsoleUser;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Duration;

/**
 * One sign-in attempt, on the console's form or the admin API alike: refused while the user or the address is
 * locked out (the password is not even checked), else checked, and counted when wrong.
 */
@ApplicationScoped
public class SignIn {

    /** What came of an attempt. */
    public sealed interface Result {
        /** Locked out: try again after {@code retryAfter}. */
        record LockedOut(Duration retryAfter) implements Result { }

        /** A wrong password or an unknown user (which the answer must not tell apart). */
        record Refused() implements Result { }

        record SignedIn(ConsoleUser user) implements Result { }

        /** Local users are switched off at this deployment: only single sign-on. */
        record LocalUsersOff() implements Result { }
    }

    private final ConsoleUsers users;
    private final SignInThrottle throttle;
    private final SingleSignOnSettings settings;

    @Inject
    SignIn(ConsoleUsers users, SignInThrottle throttle, SingleSignOnSettings settings) {
        this.users = users;
        this.throttle = throttle;
        this.settings = settings;
    }

    /** For the container's client proxy. */
    protected SignIn() {
        this(null, null, null);
    }

    /** @param clientHash the caller's hashed address */
    public Result attempt(String user, char[] password, String clientHash) {
        if (!settings.localUsers()) {
            return new Result.LocalUsersOff();
        }
        var locked = throttle.refusal(user, clientHash);
        if (locked.isPresent()) {
            return new Result.LockedOut(locked.get());
        }
        var found = users.verify(user, password);
        if (found.isEmpty()) {
            throttle.failed(user, clientHash);
            return new Result.Refused();
        }
        throttle.succeeded(user);
        return new Result.SignedIn(found.get());
    }
}
