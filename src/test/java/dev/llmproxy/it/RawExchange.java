package dev.llmproxy.it;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * One HTTP/1.1 exchange over a plain socket, for requests an HTTP client library will not send (a TRACE, a request
 * target with encoded dots, a body the test builds byte by byte). The answer is read to the end of the connection.
 */
record RawExchange(String head, String body) {

    private static final int PORT = Integer.getInteger("it.http.port", 9180);

    static RawExchange post(String path, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        return send(("POST " + path + " HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: "
                + bytes.length + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII), bytes);
    }

    static RawExchange send(String request) throws IOException {
        return send(request.getBytes(StandardCharsets.ISO_8859_1), new byte[0]);
    }

    /**
     * Reads the answer by its framing (Content-Length, chunked, or to the end of the connection), as a client does: a
     * server may keep the connection open after answering a request whose body never arrived whole.
     * Fails (a read timeout) when no complete answer arrives within 20 s.
     */
    static RawExchange send(byte[] head, byte[] body) throws IOException {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", PORT), 5_000);
            s.setSoTimeout(20_000);
            s.getOutputStream().write(head);
            s.getOutputStream().write(body);
            s.getOutputStream().flush();
            InputStream in = new java.io.BufferedInputStream(s.getInputStream());
            String answerHead = readHead(in);
            String lower = answerHead.toLowerCase(Locale.ROOT);
            String length = headerOf(answerHead, "Content-Length");
            String answerBody;
            if (lower.contains("transfer-encoding: chunked")) {
                answerBody = readChunked(in);
            } else if (length != null) {
                answerBody = new String(in.readNBytes(Integer.parseInt(length)), StandardCharsets.UTF_8);
            } else if (answerHead.startsWith("HTTP/1.1 204") || answerHead.startsWith("HTTP/1.1 304")) {
                answerBody = "";
            } else {
                answerBody = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
            return new RawExchange(answerHead, answerBody);
        }
    }

    private static String readHead(InputStream in) throws IOException {
        StringBuilder head = new StringBuilder();
        for (int b; (b = in.read()) != -1; ) {
            head.append((char) b);
            if (b == '\n' && head.length() >= 4 && head.substring(head.length() - 4).equals("\r\n\r\n")) {
                return head.substring(0, head.length() - 4);
            }
        }
        throw new IOException("no complete answer head: " + head);
    }

    private static String readChunked(InputStream in) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        while (true) {
            String size = readLine(in);
            int n = Integer.parseInt(size.split(";")[0].trim(), 16);
            if (n == 0) {
                readLine(in); // the blank line after the last chunk (no trailers here)
                return out.toString(StandardCharsets.UTF_8);
            }
            out.write(in.readNBytes(n));
            readLine(in);
        }
    }

    private static String readLine(InputStream in) throws IOException {
        StringBuilder line = new StringBuilder();
        for (int b; (b = in.read()) != -1; ) {
            if (b == '\n') {
                return line.toString().replace("\r", "");
            }
            line.append((char) b);
        }
        throw new IOException("the connection ended inside a chunked answer");
    }

    int status() {
        return Integer.parseInt(head.split(" ", 3)[1]);
    }

    String header(String name) {
        return headerOf(head, name);
    }

    private static String headerOf(String head, String name) {
        for (String line : head.split("\r\n")) {
            int colon = line.indexOf(':');
            if (colon > 0 && line.substring(0, colon).trim().equalsIgnoreCase(name)) {
                return line.substring(colon + 1).trim();
            }
        }
        return null;
    }
}
