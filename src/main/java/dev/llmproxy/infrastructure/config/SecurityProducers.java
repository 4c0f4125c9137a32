package dev.llmproxy.infrastructure.config;

import dev.llmproxy.domain.security.PasswordHasher;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;

@ApplicationScoped
public class SecurityProducers {

    private final PasswordHasher hasher = new PasswordHasher();

    @Produces
    PasswordHasher passwordHasher() {
        return hasher;
    }
}
