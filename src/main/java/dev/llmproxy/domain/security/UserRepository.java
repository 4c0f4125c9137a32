package dev.llmproxy.domain.security;

import java.util.List;
import java.util.Optional;

public interface UserRepository {
    Optional<ConsoleUser> find(String username);

    void save(ConsoleUser user);

    /** The hash of the deployment's password last applied to this user ({@link #saveApplied}), if any. */
    Optional<String> appliedHash(String username);

    /** Saves the user with the deployment's password, remembering that value's hash. */
    void saveApplied(ConsoleUser user, String appliedHash);

    long count();

    /** Every user, by name. */
    List<ConsoleUser> all();
}
