package dev.llmproxy.domain.config;

import dev.llmproxy.domain.catalog.Provider;
import dev.llmproxy.domain.catalog.ProviderKind;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * What a provider's {@code apiKeySecret} may name. An admin session can point a provider at any host, so the secret
 * it names must be a provider's key: never the proxy's own secrets (its database password, address salt, sign-in
 * client secret), nor the Java platform's or the server's (key store passwords), which the same configuration source
 * would hand out. A cloud provider's machine identity is used only when named ({@link Provider#MACHINE_IDENTITY}).
 */
final class SecretNames {

    /** Prefixes (compared without case) of names that belong to the proxy, the platform or the servers. */
    private static final List<String> RESERVED_PREFIXES = List.of("proxy_", "otel_", "otel.", "java.", "javax.", "jdk.",
            "sun.", "com.ibm.", "ibm.", "jboss.", "org.jboss.", "wildfly.", "fish.payara.", "payara.", "mp.",
            "org.eclipse.", "io.openliberty.", "wlp.", "server.");
    /** Words (compared without case) no provider key's name needs, and every local secret's has. */
    private static final List<String> RESERVED_WORDS = List.of("password", "keystore", "truststore", "salt");
    private static final Set<ProviderKind> MACHINE_IDENTITIES = Set.of(ProviderKind.VERTEX, ProviderKind.BEDROCK);

    private SecretNames() {
    }

    static void check(Provider p, String at, List<Problem> problems) {
        String name = p.apiKeySecret();
        if (name == null) {
            if (MACHINE_IDENTITIES.contains(p.kind())) {
                problems.add(new Problem(at, "required for kind '" + p.kind().id() + "': the name of the secret that"
                        + " holds its key, or " + Provider.MACHINE_IDENTITY + " to sign in as this machine's own cloud"
                        + " identity"));
            }
            return;
        }
        if (name.equals(Provider.MACHINE_IDENTITY)) {
            if (!MACHINE_IDENTITIES.contains(p.kind())) {
                problems.add(new Problem(at, Provider.MACHINE_IDENTITY + " is for kinds vertex and bedrock only"));
            }
            return;
        }
        if (!name.matches("[A-Za-z_][A-Za-z0-9_.]{0,99}")) {
            problems.add(new Problem(at, "must be the name of a secret (letters, digits, _ and .), not a key"));
            return;
        }
        String lower = name.toLowerCase(Locale.ROOT);
        boolean reserved = RESERVED_PREFIXES.stream().anyMatch(lower::startsWith)
                || RESERVED_WORDS.stream().anyMatch(lower::contains);
        if (reserved) {
            problems.add(new Problem(at, "'" + name + "' is not a provider's key: the proxy's own secrets and the"
                    + " platform's are never sent to a provider"));
        }
    }
}
