package dev.llmproxy.testing;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;

/** The few pieces of HTTP/1.1 the raw-socket fake upstream speaks: a request head, a whole response, a chunk. */
final class RawHttp {

    private RawHttp() {
    }

    /**
     * Reads a request head, headers lower-cased into {@code headers} and the request target under {@code :target};
     * false at the end of the stream.
     */
    static boolean readHead(InputStream in, Map<String, String> headers) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        boolean first = true;
        int c;
        while ((c = in.read()) != -1) {
            if (c == '\n') {
                String text = line.toString(StandardCharsets.ISO_8859_1).strip();
                line.reset();
                if (text.isEmpty()) {
                    return true;
                }
                if (first) {
                    String[] words = text.split(" ");
                    headers.put(":target", words.length > 1 ? words[1] : "");
                } else {
                    int colon = text.indexOf(':');
                    headers.put(text.substring(0, colon).trim().toLowerCase(Locale.ROOT), text.substring(colon + 1).trim());
                }
                first = false;
            } else {
                line.write(c);
            }
        }
        return false;
    }

    static void writeResponse(OutputStream out, int status, Map<String, String> headers, byte[] body) throws IOException {
        StringBuilder head = new StringBuilder("HTTP/1.1 " + status + " X\r\n");
        head.append("Content-Type: application/json\r\nContent-Length: ").append(body.length).append("\r\n");
        headers.forEach((k, v) -> head.append(k).append(": ").append(v).append("\r\n"));
        head.append("\r\n");
        out.write(head.toString().getBytes(StandardCharsets.ISO_8859_1));
        out.write(body);
        out.flush();
    }

    static void writeChunk(OutputStream out, String text) throws IOException {
        writeChunk(out, text.getBytes(StandardCharsets.UTF_8));
    }

    static void writeChunk(OutputStream out, byte[] bytes) throws IOException {
        out.write((Integer.toHexString(bytes.length) + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
        out.write(bytes);
        out.write("\r\n".getBytes(StandardCharsets.ISO_8859_1));
        out.flush();
    }
}
