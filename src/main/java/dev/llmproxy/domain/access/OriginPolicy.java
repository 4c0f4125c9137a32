package dev.llmproxy.domain.access;

import java.net.URI;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The browser origins allowed to call the proxy: exact hosts ({@code app.example.com}), host suffixes
 * ({@code .example.com}: any subdomain, not the bare domain), whole origins ({@code http://app.internal:8080}) or
 * {@code *} (any). A host or suffix stands for that host over https on the default port only: the same host over
 * plain http (which anyone on the path can pose as) or on another port (another service) is another origin, and must
 * be listed whole. Loopback hosts ({@code localhost}, {@code 127.0.0.1}, {@code [::1]}) match on any scheme and port:
 * development servers pick their ports, and nothing but this machine can be them. Requests without an
 * {@code Origin} header (servers, SDKs, curl) are not browsers and are not gated.
 */
public final class OriginPolicy {

    private static final Set<String> LOOPBACK = Set.of("localhost", "127.0.0.1", "[::1]");
    private static final String LABEL = "[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?";
    private static final String HOST = LABEL + "(\\." + LABEL + ")*";

    private final List<String> entries;

    public OriginPolicy(List<String> entries) {
        entries.forEach(OriginPolicy::validate);
        this.entries = entries.stream().map(e -> e.trim().toLowerCase(Locale.ROOT)).map(OriginPolicy::normalized)
                .toList();
    }

    /** @throws IllegalArgumentException when the entry is not a host, a {@code .suffix}, an origin or {@code *} */
    public static void validate(String entry) {
        String e = entry == null ? "" : entry.trim();
        if (e.equals("*")) {
            return;
        }
        if (e.contains("://")) {
            if (Origin.of(e) == null || !e.toLowerCase(Locale.ROOT).matches("https?://[^/?#]+/?")) {
                throw new IllegalArgumentException("\"" + entry + "\" is not an origin (scheme://host[:port])");
            }
            return;
        }
        String host = e.startsWith(".") ? e.substring(1) : e;
        if (!host.matches(HOST) && !host.matches("\\[[0-9A-Fa-f:.]+]")) {
            throw new IllegalArgumentException("\"" + entry + "\" is not a host name, a .suffix, an origin or *");
        }
    }

    /** @param origin the {@code Origin} header's value */
    public boolean allows(String origin) {
        Origin o = Origin.of(origin);
        if (o == null) {
            return entries.contains("*");
        }
        for (String e : entries) {
            if (e.equals("*") || e.equals(o.text())) {
                return true;
            }
            boolean hostMatches = e.equals(o.host()) || (e.startsWith(".") && o.host().endsWith(e));
            if (hostMatches && (LOOPBACK.contains(o.host()) || o.text().equals("https://" + o.host()))) {
                return true;
            }
        }
        return false;
    }

    /** An origin entry as browsers send it: no trailing slash, no default port. */
    private static String normalized(String entry) {
        Origin o = entry.contains("://") ? Origin.of(entry) : null;
        return o == null ? entry : o.text();
    }

    /** An http(s) origin as compared: {@code scheme://host}, and {@code :port} when it is not the scheme's default. */
    record Origin(String host, String text) {
        static Origin of(String origin) {
            try {
                URI uri = new URI(origin.trim());
                String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
                if (!(scheme.equals("http") || scheme.equals("https")) || uri.getHost() == null) {
                    return null;
                }
                String host = uri.getHost().toLowerCase(Locale.ROOT);
                int port = uri.getPort();
                boolean defaultPort = port < 0 || (scheme.equals("https") ? port == 443 : port == 80);
                return new Origin(host, scheme + "://" + host + (defaultPort ? "" : ":" + port));
            } catch (java.net.URISyntaxException e) {
                return null;
            }
        }
    }

    /** Two policies are equal when they allow the same entries (settings compare by value). */
    @Override
    public boolean equals(Object o) {
        return o instanceof OriginPolicy p && p.entries.equals(entries);
    }

    @Override
    public int hashCode() {
        return entries.hashCode();
    }
}
