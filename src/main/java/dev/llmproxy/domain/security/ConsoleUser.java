package dev.llmproxy.domain.security;

import java.util.Set;

/** Someone who may use the console and the admin API. */
public record ConsoleUser(String username, String passwordHash, Set<String> roles) {
    public static final String ADMIN = "admin";
    public static final String AUDITOR = "auditor";

    public ConsoleUser {
        roles = Set.copyOf(roles);
    }
}
