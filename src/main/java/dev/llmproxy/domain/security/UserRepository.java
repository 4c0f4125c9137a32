package dev.llmproxy.domain.security;

import java.util.List;
import java.util.Optional;

public interface UserRepository {
    Optional<ConsoleUser> find(String username);

    void save(ConsoleUser user);

    long count();

    /** Every user, by name. */
    List<ConsoleUser> all();
}
