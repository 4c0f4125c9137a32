package dev.llmproxy.testing;

import dev.llmproxy.domain.failure.ProxyException;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Asserts that reading a request is a 400 that names what is wrong. */
public final class Refused {

    private Refused() {
    }

    public static void naming(String param, ThrowingCallable read) {
        assertThatThrownBy(read).isInstanceOfSatisfying(ProxyException.class,
                e -> assertThat(e.error().param()).isEqualTo(param));
    }
}
