package dev.llmproxy.application.security;

import dev.llmproxy.domain.security.ConsoleUser;
import dev.llmproxy.domain.security.PasswordHasher;
import dev.llmproxy.domain.security.UserRepository;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.security.SecureRandom;
import java.util.Base64;
import java.util.Optional;
import java.util.Set;
import java.util.logging.Logger;

/**
 * Makes sure the bootstrap user {@code admin} exists. With {@code PROXY_ADMIN_PASSWORD} set, that is its password,
 * applied once per value: a restart with the same value keeps a password changed in the console since, and a new
 * value resets it (how an operator recovers a forgotten one). Without it, the first start generates one and logs it
 * once.
 */
@ApplicationScoped
public class AdminBootstrap {

    private static final Logger LOG = Logger.getLogger(AdminBootstrap.class.getName());
    public static final String ADMIN_USER = "admin";

    private final UserRepository users;
    private final PasswordHasher hasher;

    @Inject
    AdminBootstrap(UserRepository users, PasswordHasher hasher) {
        this.users = users;
        this.hasher = hasher;
    }

    /** For the container's client proxy. */
    protected AdminBootstrap() {
        this(null, null);
    }

    public void ensureAdmin(Optional<String> configuredPassword) {
        Optional<ConsoleUser> existing = users.find(ADMIN_USER);
        if (configuredPassword.isPresent()) {
            char[] password = configuredPassword.get().toCharArray();
            Optional<String> applied = users.appliedHash(ADMIN_USER);
            if (existing.isPresent() && applied.isPresent() && hasher.verify(password, applied.get())) {
                return; // applied before: what the console made of it since stands
            }
            if (existing.isPresent() && !hasher.verify(password, existing.get().passwordHash())) {
                LOG.warning("Console user 'admin': its password was reset from PROXY_ADMIN_PASSWORD, whose value is new"
                        + " (later restarts with the same value keep what the console sets)");
            } else {
                LOG.info("Console user 'admin' set from PROXY_ADMIN_PASSWORD");
            }
            String hash = hasher.hash(password); // the password, and the record of the value applied
            users.saveApplied(new ConsoleUser(ADMIN_USER, hash, Set.of(ConsoleUser.ADMIN)), hash);
            return;
        }
        if (existing.isEmpty()) {
            byte[] bytes = new byte[18];
            new SecureRandom().nextBytes(bytes);
            String generated = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
            users.save(new ConsoleUser(ADMIN_USER, hasher.hash(generated.toCharArray()), Set.of(ConsoleUser.ADMIN)));
            LOG.warning("Generated the password of console user 'admin' (shown once; set PROXY_ADMIN_PASSWORD to choose "
                    + "your own): " + generated);
        }
    }
}
