package dev.llmproxy.infrastructure.upstream.http;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;

/** The line-level grammar of an HTTP/1.1 response: status line, header lines, chunk sizes, lengths. */
final class Http11Lines {

    private Http11Lines() {
    }

    /** The status code of an {@code HTTP/1.x} status line. */
    static int status(String line) throws IOException {
        // HTTP/1.1 200 OK
        if (!line.startsWith("HTTP/1.") || line.length() < 12 || line.charAt(8) != ' ') {
            throw new IOException("not an HTTP/1.x status line: " + abbreviate(line));
        }
        try {
            int code = Integer.parseInt(line.substring(9, 12));
            if (code < 100 || code > 599) {
                throw new NumberFormatException();
            }
            return code;
        } catch (NumberFormatException e) {
            throw new IOException("bad status code: " + abbreviate(line));
        }
    }

    /** Adds a header line to the headers (names in lower case; repeated headers joined with commas). */
    static void header(String line, Map<String, String> headers) throws IOException {
        int colon = line.indexOf(':');
        if (colon <= 0) {
            throw new IOException("malformed header line: " + abbreviate(line));
        }
        String name = line.substring(0, colon).trim().toLowerCase(Locale.ROOT);
        String value = line.substring(colon + 1).trim();
        headers.merge(name, value, (a, b) -> a + ", " + b);
    }

    /** The size of a chunk from its size line (extensions ignored). */
    static long chunkSize(String line) throws IOException {
        int semi = line.indexOf(';');
        String hex = (semi >= 0 ? line.substring(0, semi) : line).trim();
        long size;
        try {
            size = Long.parseLong(hex, 16);
        } catch (NumberFormatException e) {
            throw new IOException("bad chunk size: " + abbreviate(line));
        }
        if (size < 0) {
            throw new IOException("bad chunk size: " + abbreviate(line));
        }
        return size;
    }

    static long contentLength(String value) throws IOException {
        long length;
        try {
            length = Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            throw new IOException("bad Content-Length: " + abbreviate(value));
        }
        if (length < 0) {
            throw new IOException("bad Content-Length: " + abbreviate(value));
        }
        return length;
    }

    /** @return the next CRLF- (or LF-) terminated line without its terminator, or null if it is not complete yet */
    static String readLine(ByteBuffer in, int maxLine) throws IOException {
        int start = in.position();
        int limit = in.limit();
        for (int i = start; i < limit; i++) {
            if (in.get(i) == '\n') {
                int end = i > start && in.get(i - 1) == '\r' ? i - 1 : i;
                byte[] bytes = new byte[end - start];
                in.get(start, bytes);
                in.position(i + 1);
                return new String(bytes, StandardCharsets.ISO_8859_1);
            }
        }
        if (limit - start > maxLine) {
            throw new IOException("response line longer than " + maxLine + " bytes");
        }
        return null;
    }

    private static String abbreviate(String s) {
        return s.length() <= 80 ? s : s.substring(0, 80) + "...";
    }
}
