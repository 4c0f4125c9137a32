package dev.llmproxy.infrastructure.upstream;

import dev.llmproxy.domain.failure.FailureKind;
import dev.llmproxy.domain.upstream.UpstreamReply;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;

/** A response body gathered in one piece, up to {@link #MAX}: a completion (or error body) larger is not one. */
final class BoundedBody {

    static final int MAX = 32 * 1024 * 1024;
    static final UpstreamReply.Failed TOO_LARGE = new UpstreamReply.Failed(FailureKind.MALFORMED,
            "response body larger than " + MAX + " bytes");

    private final ByteArrayOutputStream bytes;

    /** @param contentLength the announced length (a hint for the buffer), or null */
    BoundedBody(String contentLength) {
        int expected = 1024;
        if (contentLength != null) {
            try {
                expected = (int) Math.min(MAX, Math.max(0, Long.parseLong(contentLength.trim())));
            } catch (NumberFormatException ignored) {
                // the parser has already rejected it
            }
        }
        bytes = new ByteArrayOutputStream(expected);
    }

    /**
     * Copies a transport's buffer (valid only during its callback) into the body.
     *
     * @return false when the body would grow past {@link #MAX} (nothing is copied)
     */
    boolean add(ByteBuffer data) {
        if (bytes.size() + data.remaining() > MAX) {
            return false;
        }
        if (data.hasArray()) {
            bytes.write(data.array(), data.arrayOffset() + data.position(), data.remaining());
            data.position(data.limit());
        } else {
            byte[] copy = new byte[data.remaining()];
            data.get(copy);
            bytes.write(copy, 0, copy.length);
        }
        return true;
    }

    byte[] bytes() {
        return bytes.toByteArray();
    }
}
