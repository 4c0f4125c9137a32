package dev.llmproxy.application.security;

import dev.llmproxy.domain.security.ConsoleUser;
import dev.llmproxy.domain.security.PasswordHasher;
import dev.llmproxy.domain.security.UserRepository;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** PROXY_ADMIN_PASSWORD is applied once per value: a restart keeps what the console set since. */
class AdminBootstrapTest {

    private final Map<String, ConsoleUser> saved = new HashMap<>();
    private final Map<String, String> applied = new HashMap<>();
    private final PasswordHasher hasher = new PasswordHasher(1_000);
    private final AdminBootstrap bootstrap = new AdminBootstrap(new UserRepository() {
            @Override public Optional<ConsoleUser> find(String username) { return Optional.ofNullable(saved.get(username)); }
            @Override public void save(ConsoleUser user) { saved.put(user.username(), user); }
            @Override public Optional<String> appliedHash(String username) { return Optional.ofNullable(applied.get(username)); }
            @Override public void saveApplied(ConsoleUser user, String hash) { save(user); applied.put(user.username(), hash); }
            @Override public long count() { return saved.size(); }
            @Override public List<ConsoleUser> all() { return List.copyOf(saved.values()); }
        }, hasher);

    private boolean adminSignsInWith(String password) {
        return hasher.verify(password.toCharArray(), saved.get(AdminBootstrap.ADMIN_USER).passwordHash());
    }

    @Test
    void aRestartWithTheSameValueKeepsThePasswordTheConsoleSetAndANewValueResetsIt() {
        bootstrap.ensureAdmin(Optional.of("first-value-1"));
        assertThat(adminSignsInWith("first-value-1")).isTrue();

        saved.put("admin", new ConsoleUser("admin", hasher.hash("changed-in-console".toCharArray()),
                Set.of(ConsoleUser.ADMIN)));
        bootstrap.ensureAdmin(Optional.of("first-value-1"));
        assertThat(adminSignsInWith("changed-in-console")).as("the restart kept the console's change").isTrue();

        bootstrap.ensureAdmin(Optional.of("a-new-value-2"));
        assertThat(adminSignsInWith("a-new-value-2")).as("a new value is how a forgotten password is reset").isTrue();
    }

    @Test
    void withoutAValueTheFirstStartGeneratesOneAndLaterStartsKeepIt() {
        bootstrap.ensureAdmin(Optional.empty());
        String hash = saved.get("admin").passwordHash();
        bootstrap.ensureAdmin(Optional.empty());
        assertThat(saved.get("admin").passwordHash()).isEqualTo(hash);
    }
}
