package dev.llmproxy.domain.access;

import java.net.URI;
import java.util.List;
import java.util.Locale;

/**
 * The browser origins allowed to call the proxy: exact hosts ({@code app.example.com}), host suffixes
 * ({@code .example.com}: any subdomain, not the bare domain) or {@code *} (any). Requests without an {@code Origin}
 * header (servers, SDKs, curl) are not browsers and are not gated.
 */
public final class OriginPolicy {

    private final List<String> entries;

    public OriginPolicy(List<String> entries) {
        entries.forEach(OriginPolicy::validate);
        this.entries = entries.stream().map(e -> e.trim().toLowerCase(Locale.ROOT)).toList();
    }

    /** @throws IllegalArgumentException when the entry is not a host, a {@code .suffix} or {@code *} */
    public static void validate(String entry) {
        String e = entry == null ? "" : entry.trim();
        if (e.equals("*")) {
            return;
        }
        String host = e.startsWith(".") ? e.substring(1) : e;
        if (!host.matches("[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*")
                && !host.matches("\\[[0-9A-Fa-f:.]+]")) {
            throw new IllegalArgumentException("\"" + entry + "\" is not a host name, a .suffix or *");
        }
    }

    /** @param origin the {@code Origin} header's value */
    public boolean allows(String origin) {
        String host = host(origin);
        if (host == null) {
            return entries.contains("*");
        }
        for (String e : entries) {
            if (e.equals("*") || e.equals(host) || (e.startsWith(".") && host.endsWith(e))) {
                return true;
            }
        }
        return false;
    }

    /** The host of an origin such as {@code https://app.example.com:8443}, or null when it has none ("null"). */
    static String host(String origin) {
        try {
            URI uri = new URI(origin.trim());
            String scheme = uri.getScheme();
            if (scheme == null || !(scheme.equalsIgnoreCase("http") || scheme.equalsIgnoreCase("https"))) {
                return null;
            }
            return uri.getHost() == null ? null : uri.getHost().toLowerCase(Locale.ROOT);
        } catch (java.net.URISyntaxException e) {
            return null;
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
