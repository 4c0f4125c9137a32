package dev.llmproxy.interfaces.json;

import dev.llmproxy.domain.failure.ErrorKind;
import org.junit.jupiter.api.Test;

import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;

class ErrorWireTest {

    @Test
    void everyKindIsSaidOnTheWireWithAStatusATypeAndACode() {
        for (ErrorKind kind : ErrorKind.values()) {
            assertThat(ErrorWire.statusOf(kind)).as(kind.name()).isBetween(400, 599);
            assertThat(ErrorWire.typeOf(kind)).as(kind.name()).endsWith("_error");
            assertThat(ErrorWire.codeOf(kind)).as(kind.name()).matches("[a-z_]+");
        }
        assertThat(Arrays.stream(ErrorKind.values()).map(ErrorWire::codeOf).distinct().count())
                .isEqualTo(ErrorKind.values().length);
    }

    @Test
    void theLogAndTheAnswerReadTheSameTable() {
        ErrorWire wire = new ErrorWire();
        assertThat(wire.status(ErrorKind.UPSTREAM_RATE_LIMITED)).isEqualTo(429);
        assertThat(wire.code(ErrorKind.STREAM_INTERRUPTED)).isEqualTo("stream_interrupted");
        assertThat(ErrorWire.statusOf(ErrorKind.MISCONFIGURED)).isEqualTo(503);
    }
}
