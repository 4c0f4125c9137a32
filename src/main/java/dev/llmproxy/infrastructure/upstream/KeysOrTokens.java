package dev.llmproxy.infrastructure.upstream;

import dev.llmproxy.domain.catalog.Provider;

import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * A provider whose secret is either a key, sent as it is, or what a cloud exchanges for short-lived tokens (an app
 * registration, an IAM identity). A token goes out behind a mark the wire format knows, so that it can tell the two
 * apart, and only a token is dropped when the provider refuses it.
 */
public final class KeysOrTokens implements Credentials {

    private final Credentials keys;
    private final Predicate<String> exchanged;
    private final IssuedTokens tokens;
    private final String mark;

    /**
     * @param exchanged whether a secret's value (null: the provider names none) is exchanged for tokens
     * @param mark      what a token is prefixed with for the wire format
     */
    public KeysOrTokens(Function<String, Optional<String>> secrets, Predicate<String> exchanged, IssuedTokens tokens,
                        String mark) {
        this.keys = Credentials.secrets(secrets);
        this.exchanged = exchanged;
        this.tokens = tokens;
        this.mark = mark;
    }

    @Override
    public CompletableFuture<String> of(Provider provider) {
        return keys.of(provider).thenCompose(secret -> exchanged.test(secret)
                ? tokens.of(provider).thenApply(token -> mark + token) : CompletableFuture.completedFuture(secret));
    }

    @Override
    public boolean renewable() {
        return true;
    }

    @Override
    public void refused(Provider provider, String credential) {
        if (credential.startsWith(mark)) {
            tokens.refused(provider, credential.substring(mark.length()));
        }
    }
}
