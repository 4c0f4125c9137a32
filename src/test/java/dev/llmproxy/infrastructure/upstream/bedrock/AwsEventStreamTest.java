package dev.llmproxy.infrastructure.upstream.bedrock;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.infrastructure.upstream.StreamFraming;
import dev.llmproxy.testing.AwsFrames;
import dev.llmproxy.testing.RecordedBodies;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.eventstream.HeaderValue;
import software.amazon.awssdk.eventstream.Message;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** AWS's binary frames, arriving in pieces of any size, as Converse's events. */
class AwsEventStreamTest {

    private final AwsEventStream framing = new AwsEventStream();
    private final List<String> events = new ArrayList<>();
    private final StreamFraming.Decoder decoder = framing.open(events::add);

    @Test
    void readsOnlyAwsEventStreams() {
        assertThat(framing.frames("application/vnd.amazon.eventstream")).isTrue();
        assertThat(framing.frames("text/event-stream")).isFalse();
        assertThat(framing.frames("application/json")).isFalse();
        assertThat(framing.frames(null)).isFalse();
    }

    @Test
    void eachFrameIsItsPayloadUnderItsEventTypeHoweverTheBytesAreSplit() throws IOException {
        String[] lines = RecordedBodies.events("bedrock", "stream-text.events");
        byte[] all = AwsFrames.stream(lines);
        for (byte b : all) {
            decoder.feed(ByteBuffer.wrap(new byte[] {b})); // one byte at a time: frames and characters split anywhere
        }
        decoder.end();
        assertThat(events).hasSize(lines.length);
        assertThat(JsonCodec.read(events.get(1))).isEqualTo(JsonCodec.read("{\"contentBlockDelta\":"
                + "{\"contentBlockIndex\":0,\"delta\":{\"text\":\"Paris is \"},\"p\":\"abcdefghijklmn\"}}"));
        assertThat(events.get(2)).contains("21 °C.");
    }

    @Test
    void severalFramesInOnePieceAreEachHandedOn() throws IOException {
        decoder.feed(ByteBuffer.wrap(AwsFrames.stream(RecordedBodies.events("bedrock", "stream-text.events"))));
        assertThat(events).hasSize(6);
        assertThat(events.get(5)).startsWith("{\"metadata\":");
    }

    @Test
    void anExceptionFrameIsUnderItsExceptionTypeAndAnErrorFrameIsAnInternalServerException() throws IOException {
        decoder.feed(ByteBuffer.wrap(AwsFrames.frame("!throttlingException {\"message\":\"Too many tokens\"}")));
        Map<String, HeaderValue> headers = Map.of(":message-type", HeaderValue.fromString("error"),
                ":error-code", HeaderValue.fromString("InternalFailure"),
                ":error-message", HeaderValue.fromString("An \"internal\" error"));
        ByteArrayOutputStream frame = new ByteArrayOutputStream();
        new Message(headers, new byte[0]).encode(frame);
        decoder.feed(ByteBuffer.wrap(frame.toByteArray()));
        assertThat(JsonCodec.read(events.get(0)))
                .isEqualTo(JsonCodec.read("{\"throttlingException\":{\"message\":\"Too many tokens\"}}"));
        assertThat(JsonCodec.read(events.get(1))).isEqualTo(JsonCodec.read(
                "{\"internalServerException\":{\"message\":\"InternalFailure: An \\\"internal\\\" error\"}}"));
    }

    @Test
    void aFrameWhoseChecksumDoesNotMatchBreaksTheStream() {
        byte[] frame = AwsFrames.frame("contentBlockDelta {\"contentBlockIndex\":0,\"delta\":{\"text\":\"Hi\"}}");
        frame[frame.length - 10] ^= 0x20; // one bit flipped in the payload
        assertThatThrownBy(() -> decoder.feed(ByteBuffer.wrap(frame))).isInstanceOf(IOException.class)
                .hasMessageContaining("event stream frame unreadable");
        assertThat(events).isEmpty();
    }

    @Test
    void wholeFramesBeforeABadOneInTheSamePieceAreHandedOnFirst() {
        byte[] good = AwsFrames.frame("contentBlockDelta {\"contentBlockIndex\":0,\"delta\":{\"text\":\"Hi\"}}");
        byte[] bad = AwsFrames.frame("contentBlockDelta {\"contentBlockIndex\":0,\"delta\":{\"text\":\"there\"}}");
        bad[bad.length - 10] ^= 0x20;
        ByteBuffer piece = ByteBuffer.allocate(good.length + bad.length).put(good).put(bad).flip();
        assertThatThrownBy(() -> decoder.feed(piece)).isInstanceOf(IOException.class);
        assertThat(events).singleElement().asString().contains("Hi");
    }

    @Test
    void whatTheReaderThrowsIsNotTakenForABadFrame() {
        StreamFraming.Decoder failing = framing.open(e -> {
            throw new IllegalStateException("the reader's own failure");
        });
        byte[] frame = AwsFrames.frame("contentBlockDelta {\"contentBlockIndex\":0,\"delta\":{\"text\":\"Hi\"}}");
        assertThatThrownBy(() -> failing.feed(ByteBuffer.wrap(frame))).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void aHeaderThatIsNotTextIsTakenAsAbsent() {
        ByteArrayOutputStream frame = new ByteArrayOutputStream();
        new Message(Map.of(":message-type", HeaderValue.fromString("event"),
                ":event-type", HeaderValue.fromInteger(7)), "{}".getBytes(StandardCharsets.UTF_8)).encode(frame);
        assertThat(AwsEventStream.event(Message.decode(ByteBuffer.wrap(frame.toByteArray())))).isEqualTo("{}");
    }

    @Test
    void aFrameCutShortIsNeverHandedOn() throws IOException {
        byte[] frame = AwsFrames.frame("contentBlockDelta {\"contentBlockIndex\":0,\"delta\":{\"text\":\"Hi\"}}");
        decoder.feed(ByteBuffer.wrap(frame, 0, frame.length - 3));
        decoder.end();
        assertThat(events).isEmpty();
    }

    @Test
    void anEventTypeThatIsNoNameLeavesThePayloadAloneToBeCountedMalformed() {
        ByteArrayOutputStream frame = new ByteArrayOutputStream();
        new Message(Map.of(":message-type", HeaderValue.fromString("event"),
                ":event-type", HeaderValue.fromString("x\":1,\"y")), "{}".getBytes(StandardCharsets.UTF_8)).encode(frame);
        assertThat(AwsEventStream.event(Message.decode(ByteBuffer.wrap(frame.toByteArray())))).isEqualTo("{}");
    }
}
