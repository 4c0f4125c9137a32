package dev.llmproxy.interfaces.admin;

import dev.llmproxy.domain.security.ConsoleUser;
import dev.llmproxy.domain.security.PasswordHasher;
import dev.llmproxy.domain.security.UserRepository;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.security.enterprise.credential.Credential;
import jakarta.security.enterprise.credential.UsernamePasswordCredential;
import jakarta.security.enterprise.identitystore.CredentialValidationResult;
import jakarta.security.enterprise.identitystore.IdentityStore;

import java.util.Optional;

/**
 * Console users from the database. Unknown users cost the same hash as known ones, so timing does not reveal
 * which names exist; the hash comparison itself is constant-time.
 */
@ApplicationScoped
public class DatabaseIdentityStore implements IdentityStore {

    @Inject
    UserRepository users;
    @Inject
    PasswordHasher hasher;

    private volatile String decoy;

    @Override
    public CredentialValidationResult validate(Credential credential) {
        if (!(credential instanceof UsernamePasswordCredential up)) {
            return CredentialValidationResult.NOT_VALIDATED_RESULT;
        }
        Optional<ConsoleUser> user = users.find(up.getCaller());
        char[] password = up.getPassword().getValue();
        if (user.isEmpty()) {
            hasher.verify(password, decoy());
            return CredentialValidationResult.INVALID_RESULT;
        }
        if (!hasher.verify(password, user.get().passwordHash())) {
            return CredentialValidationResult.INVALID_RESULT;
        }
        return new CredentialValidationResult(user.get().username(), user.get().roles());
    }

    private String decoy() {
        String d = decoy;
        if (d == null) {
            d = hasher.hash("decoy-password".toCharArray());
            decoy = d;
        }
        return d;
    }
}
