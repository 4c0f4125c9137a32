package dev.llmproxy.application.security;

import dev.llmproxy.application.audit.AuditTrail;
import dev.llmproxy.domain.config.ConfigValidationException;
import dev.llmproxy.domain.config.Problem;
import dev.llmproxy.domain.security.ConsoleUser;
import dev.llmproxy.domain.security.PasswordHasher;
import dev.llmproxy.domain.security.UserRepository;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** Console users created by admins: an admin (read and edit) or an auditor (read only). */
@ApplicationScoped
public class ConsoleUsers {

    public static final int MIN_PASSWORD = 12;

    private final UserRepository users;
    private final PasswordHasher hasher;
    private final AuditTrail audit;

    private volatile String decoy;

    @Inject
    ConsoleUsers(UserRepository users, PasswordHasher hasher, AuditTrail audit) {
        this.users = users;
        this.hasher = hasher;
        this.audit = audit;
    }

    /** For the container's client proxy. */
    protected ConsoleUsers() {
        this(null, null, null);
    }

    /**
     * The user whose password this is, or empty. An unknown name costs the same hash as a known one, so timing does
     * not reveal which names exist; the hash comparison itself is constant-time.
     */
    public Optional<ConsoleUser> verify(String username, char[] password) {
        Optional<ConsoleUser> user = users.find(username);
        if (user.isEmpty()) {
            hasher.verify(password, decoy());
            return Optional.empty();
        }
        return hasher.verify(password, user.get().passwordHash()) ? user : Optional.empty();
    }

    private String decoy() {
        String d = decoy;
        if (d == null) {
            d = hasher.hash("decoy-password".toCharArray());
            decoy = d;
        }
        return d;
    }

    /** A user as others may see them: never the password hash. */
    public record Summary(String username, String roles) {
    }

    public List<Summary> list() {
        return users.all().stream().map(u -> new Summary(u.username(), String.join(", ", u.roles().stream()
                .sorted().toList()))).toList();
    }

    /** Creates or replaces a user. @throws ConfigValidationException naming each bad field */
    public void save(String username, String password, String role, String by) {
        List<Problem> problems = new ArrayList<>();
        if (username == null || !username.matches("[a-z0-9][a-z0-9._-]{1,39}")) {
            problems.add(new Problem("username", "2 to 40 lower-case letters, digits, '.', '_' or '-'"));
        }
        if (password == null || password.length() < MIN_PASSWORD) {
            problems.add(new Problem("password", "at least " + MIN_PASSWORD + " characters"));
        }
        if (!ConsoleUser.ADMIN.equals(role) && !ConsoleUser.AUDITOR.equals(role)) {
            problems.add(new Problem("role", "admin or auditor"));
        }
        if (!problems.isEmpty()) {
            throw new ConfigValidationException(problems);
        }
        String before = users.find(username).map(u -> String.join(",", u.roles())).orElse(null);
        users.save(new ConsoleUser(username, hasher.hash(password.toCharArray()), Set.of(role)));
        audit.record(by, before == null ? "console user created" : "console user changed", username, before,
                role + " (password set)");
    }
}
