package dev.llmproxy.infrastructure.security;

import com.nimbusds.jwt.JWTClaimsSet;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reading a token's claims by name, where a dotted name walks into nested objects: Keycloak puts realm roles under
 * {@code realm_access.roles}, most others put groups under {@code groups}.
 */
final class Claims {

    private Claims() {
    }

    static Optional<String> text(JWTClaimsSet claims, String name) {
        return find(claims, name).filter(String.class::isInstance).map(String.class::cast).filter(s -> !s.isBlank());
    }

    /** A list of strings, or one string as a list of one; anything else as nothing. */
    static List<String> strings(JWTClaimsSet claims, String name) {
        Object value = find(claims, name).orElse(null);
        if (value instanceof String s) {
            return List.of(s);
        }
        if (value instanceof Collection<?> values) {
            return values.stream().filter(String.class::isInstance).map(String.class::cast).toList();
        }
        return List.of();
    }

    private static Optional<Object> find(JWTClaimsSet claims, String name) {
        Object value = claims.getClaim(name);
        if (value != null || !name.contains(".")) {
            return Optional.ofNullable(value);
        }
        String[] path = name.split("\\.");
        value = claims.getClaim(path[0]);
        for (int i = 1; i < path.length && value != null; i++) {
            value = value instanceof Map<?, ?> map ? map.get(path[i]) : null;
        }
        return Optional.ofNullable(value);
    }
}
