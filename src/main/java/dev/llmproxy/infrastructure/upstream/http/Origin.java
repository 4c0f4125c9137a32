package dev.llmproxy.infrastructure.upstream.http;

import java.net.InetSocketAddress;

/** Host and port; the address is resolved on the caller's thread, never on the I/O thread. */
record Origin(String key, String hostHeader, InetSocketAddress address) {
}
