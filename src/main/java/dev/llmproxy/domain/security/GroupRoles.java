package dev.llmproxy.domain.security;

import java.util.Collection;
import java.util.Set;
import java.util.TreeSet;

/**
 * Which of the company's groups make someone a console {@code admin} or {@code auditor}. A person in none of them has
 * no role and is not let in; group names are compared exactly, as providers send them.
 */
public record GroupRoles(Set<String> adminGroups, Set<String> auditorGroups) {

    public GroupRoles {
        adminGroups = Set.copyOf(adminGroups);
        auditorGroups = Set.copyOf(auditorGroups);
    }

    /** The roles these groups give, in a stable order. */
    public Set<String> roles(Collection<String> groups) {
        Set<String> roles = new TreeSet<>();
        for (String group : groups) {
            if (adminGroups.contains(group)) {
                roles.add(ConsoleUser.ADMIN);
            }
            if (auditorGroups.contains(group)) {
                roles.add(ConsoleUser.AUDITOR);
            }
        }
        return roles;
    }
}
