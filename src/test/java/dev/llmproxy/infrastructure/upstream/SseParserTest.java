package dev.llmproxy.infrastructure.upstream;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class SseParserTest {

    private final List<String> events = new ArrayList<>();
    private final SseParser parser = new SseParser(events::add);

    private void feed(String text, int step) throws IOException {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        for (int i = 0; i < bytes.length; i += step) {
            parser.feed(ByteBuffer.wrap(bytes, i, Math.min(step, bytes.length - i)));
        }
    }

    @Test
    void eventsSplitAnywhereAreReassembled() throws IOException {
        for (int step : new int[]{1, 2, 5, 100}) {
            events.clear();
            feed("data: {\"a\":1}\n\ndata: {\"b\":2}\r\n\r\ndata: [DONE]\n\n", step);
            assertThat(events).as("step %d", step).containsExactly("{\"a\":1}", "{\"b\":2}", "[DONE]");
        }
    }

    @Test
    void multiByteCharactersSplitAcrossPiecesSurvive() throws IOException {
        feed("data: {\"c\":\"héllo ✓\"}\n\n", 1);
        assertThat(events).containsExactly("{\"c\":\"héllo ✓\"}");
    }

    @Test
    void commentsAndOtherFieldsAreIgnoredAndDataLinesJoined() throws IOException {
        feed(": OPENROUTER PROCESSING\n\nevent: message\nid: 7\ndata: first\ndata: second\n\n", 3);
        assertThat(events).containsExactly("first\nsecond");
    }

    @Test
    void lastEventWithoutBlankLineIsDispatchedAtTheEnd() throws IOException {
        feed("data: tail", 4);
        assertThat(events).isEmpty();
        parser.end();
        assertThat(events).containsExactly("tail");
    }

    @Test
    void loneCarriageReturnsEndLines() throws IOException {
        feed("data: x\r\rdata: y\r\r", 1);
        assertThat(events).containsExactly("x", "y");
    }
}
