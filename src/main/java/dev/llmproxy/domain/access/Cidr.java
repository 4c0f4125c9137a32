package dev.llmproxy.domain.access;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Optional;
import java.util.regex.Pattern;

/** An address range such as {@code 10.0.0.0/8} or {@code fd00::/8}; a bare address is a range of one. */
public record Cidr(byte[] network, int prefix) {

    private static final Pattern IPV4 = Pattern.compile("\\d{1,3}(\\.\\d{1,3}){3}");
    private static final Pattern IPV6 = Pattern.compile("[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*");

    /** @throws IllegalArgumentException naming what is wrong with the text */
    public static Cidr parse(String text) {
        String t = text == null ? "" : text.trim();
        int slash = t.indexOf('/');
        String address = slash < 0 ? t : t.substring(0, slash);
        byte[] bytes = literal(address).orElseThrow(() ->
                new IllegalArgumentException("\"" + text + "\" is not an IP address or CIDR range"));
        int bits = bytes.length * 8;
        int prefix = bits;
        if (slash >= 0) {
            try {
                prefix = Integer.parseInt(t.substring(slash + 1));
            } catch (NumberFormatException e) {
                prefix = -1;
            }
            if (prefix < 0 || prefix > bits) {
                throw new IllegalArgumentException("\"" + text + "\" has a prefix length outside 0.." + bits);
            }
        }
        return new Cidr(mask(bytes, prefix), prefix);
    }

    /**
     * The bytes of an IP address literal; empty for anything else. Never resolves a host name: an address taken from
     * a header must not make the proxy do a DNS lookup.
     */
    public static Optional<byte[]> literal(String text) {
        if (text == null) {
            return Optional.empty();
        }
        String t = text.trim();
        if (t.startsWith("[") && t.endsWith("]")) {
            t = t.substring(1, t.length() - 1);
        }
        if (!IPV4.matcher(t).matches() && !IPV6.matcher(t).matches()) {
            return Optional.empty();
        }
        try {
            return Optional.of(InetAddress.getByName(t).getAddress());
        } catch (UnknownHostException e) {
            return Optional.empty();
        }
    }

    public boolean contains(byte[] address) {
        byte[] a = address;
        if (a.length == 16 && network.length == 4 && isMappedIpv4(a)) {
            a = new byte[] {a[12], a[13], a[14], a[15]};
        }
        if (a.length != network.length) {
            return false;
        }
        byte[] masked = mask(a, prefix);
        for (int i = 0; i < masked.length; i++) {
            if (masked[i] != network[i]) {
                return false;
            }
        }
        return true;
    }

    private static boolean isMappedIpv4(byte[] a) {
        for (int i = 0; i < 10; i++) {
            if (a[i] != 0) {
                return false;
            }
        }
        return a[10] == (byte) 0xff && a[11] == (byte) 0xff;
    }

    private static byte[] mask(byte[] address, int prefix) {
        byte[] out = address.clone();
        for (int i = 0; i < out.length; i++) {
            int keep = Math.max(0, Math.min(8, prefix - i * 8));
            out[i] &= (byte) (0xff << (8 - keep));
        }
        return out;
    }

    @Override
    public String toString() {
        try {
            return InetAddress.getByAddress(network).getHostAddress() + "/" + prefix;
        } catch (UnknownHostException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Cidr c && c.prefix == prefix && java.util.Arrays.equals(c.network, network);
    }

    @Override
    public int hashCode() {
        return java.util.Arrays.hashCode(network) * 31 + prefix;
    }
}
