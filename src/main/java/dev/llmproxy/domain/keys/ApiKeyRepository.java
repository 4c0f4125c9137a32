package dev.llmproxy.domain.keys;

import java.util.List;
import java.util.Optional;

public interface ApiKeyRepository {

    void insert(ApiKey key);

    /** Stores the revocation; @return false when there is no such key */
    boolean update(ApiKey key);

    Optional<ApiKey> find(String id);

    /** Every key, revoked ones included, newest first. */
    List<ApiKey> all();
}
