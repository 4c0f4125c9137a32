package dev.llmproxy.domain.access;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Who the client is, by address. A forwarding header is believed only when the direct peer is a trusted proxy, and
 * only the one header the trusted proxies write; then the client is the first address, walking back from the peer,
 * that is not itself a trusted proxy. Anything else (a spoofed header from an untrusted peer, the other header, which
 * a balancer passes on as the client sent it, a garbled entry) leaves the peer or the last trustworthy address. An
 * IPv6 client is its /64 ({@link #identity}).
 */
public final class ClientAddress {

    private ClientAddress() {
    }

    /**
     * @param peer           the socket peer's address
     * @param forwarded      the {@code Forwarded} header (RFC 7239), or null
     * @param xForwardedFor  the {@code X-Forwarded-For} header, or null
     * @param believed       which of the two the trusted proxies write
     * @return the client's address in canonical text form
     */
    public static String resolve(String peer, String forwarded, String xForwardedFor, ForwardingHeader believed,
                                 List<Cidr> trustedProxies) {
        Optional<byte[]> peerBytes = Cidr.literal(peer);
        if (peerBytes.isEmpty()) {
            return peer;
        }
        byte[] client = peerBytes.get();
        if (!trusted(client, trustedProxies)) {
            return identity(client);
        }
        String chain = believed == ForwardingHeader.FORWARDED ? forwarded : xForwardedFor;
        List<String> hops = chain == null || chain.isBlank() ? List.of()
                : believed == ForwardingHeader.FORWARDED ? forwardedFor(chain) : List.of(chain.split(","));
        for (int i = hops.size() - 1; i >= 0; i--) {
            Optional<byte[]> hop = Cidr.literal(stripPort(hops.get(i).trim()));
            if (hop.isEmpty()) {
                break; // unknown or obfuscated: the last address we could read is as far as trust goes
            }
            client = hop.get();
            if (!trusted(client, trustedProxies)) {
                break;
            }
        }
        return identity(client);
    }

    /**
     * The client an address stands for: an IPv4 address itself; an IPv6 address its /64, the network one subscriber
     * is given, inside which it can take a new address for every request (a limit per address would then limit
     * nothing). Loopback stays as it is.
     */
    static String identity(byte[] address) {
        if (address.length != 16 || mappedIpv4(address) || loopback(address)) {
            return canonical(address);
        }
        byte[] network = Arrays.copyOf(address, 16);
        Arrays.fill(network, 8, 16, (byte) 0);
        return canonical(network) + "/64";
    }

    private static boolean mappedIpv4(byte[] a) {
        for (int i = 0; i < 10; i++) {
            if (a[i] != 0) {
                return false;
            }
        }
        return a[10] == (byte) 0xff && a[11] == (byte) 0xff;
    }

    private static boolean loopback(byte[] a) {
        for (int i = 0; i < 15; i++) {
            if (a[i] != 0) {
                return false;
            }
        }
        return a[15] == 1;
    }

    static boolean trusted(byte[] address, List<Cidr> trustedProxies) {
        for (Cidr c : trustedProxies) {
            if (c.contains(address)) {
                return true;
            }
        }
        return false;
    }

    /** The {@code for=} values of a Forwarded header, in order. */
    static List<String> forwardedFor(String header) {
        List<String> out = new ArrayList<>();
        for (String element : header.split(",")) {
            String found = null;
            for (String pair : element.split(";")) {
                String p = pair.trim();
                if (p.toLowerCase(Locale.ROOT).startsWith("for=")) {
                    found = p.substring(4).trim();
                    if (found.length() >= 2 && found.startsWith("\"") && found.endsWith("\"")) {
                        found = found.substring(1, found.length() - 1);
                    }
                }
            }
            out.add(found == null ? "unknown" : found);
        }
        return out;
    }

    /** {@code 1.2.3.4:80} -> {@code 1.2.3.4}; {@code [::1]:80} -> {@code ::1}; a bare IPv6 address is left alone. */
    static String stripPort(String hop) {
        if (hop.startsWith("[")) {
            int end = hop.indexOf(']');
            return end < 0 ? hop : hop.substring(1, end);
        }
        int colon = hop.indexOf(':');
        if (colon > 0 && hop.indexOf(':', colon + 1) < 0) {
            return hop.substring(0, colon);
        }
        return hop;
    }

    private static String canonical(byte[] address) {
        try {
            return InetAddress.getByAddress(address).getHostAddress();
        } catch (UnknownHostException e) {
            throw new IllegalStateException(e);
        }
    }
}
