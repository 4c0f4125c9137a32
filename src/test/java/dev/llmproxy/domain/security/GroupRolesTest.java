package dev.llmproxy.domain.security;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

class GroupRolesTest {

    private final GroupRoles roles = new GroupRoles(Set.of("llm-admins", "platform"), Set.of("audit", "platform"));

    @Test
    void eachMappedGroupGivesItsRolesAndOthersNone() {
        assertThat(roles.roles(List.of("llm-admins"))).containsExactly("admin");
        assertThat(roles.roles(List.of("audit", "staff"))).containsExactly("auditor");
        assertThat(roles.roles(List.of("platform"))).containsExactly("admin", "auditor");
        assertThat(roles.roles(List.of("staff", "LLM-ADMINS"))).isEmpty();
        assertThat(roles.roles(List.of())).isEmpty();
    }
}
