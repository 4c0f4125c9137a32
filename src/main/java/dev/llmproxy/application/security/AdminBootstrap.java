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
 * Makes sure the bootstrap user {@code admin} exists. With {@code PROXY_ADMIN_PASSWORD} set, that is its password
 * (setting it again resets a forgotten one); without it, the first start generates one and logs it once.
 */
@ApplicationScoped
public class AdminBootstrap {

    private static final Logger LOG = Logger.getLogger(AdminBootstrap.class.getName());
    public static final String ADMIN_USER = "admin";

    @Inject
    UserRepository users;
    @Inject
    PasswordHasher hasher;

    public void ensureAdmin(Optional<String> configuredPassword) {
        Optional<ConsoleUser> existing = users.find(ADMIN_USER);
        if (configuredPassword.isPresent()) {
            char[] password = configuredPassword.get().toCharArray();
            if (existing.isEmpty() || !hasher.verify(password, existing.get().passwordHash())) {
                users.save(new ConsoleUser(ADMIN_USER, hasher.hash(password), Set.of(ConsoleUser.ADMIN)));
                LOG.info("Console user 'admin' set from PROXY_ADMIN_PASSWORD");
            }
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
