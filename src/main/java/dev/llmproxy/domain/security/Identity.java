package dev.llmproxy.domain.security;

import java.util.List;

/**
 * Someone a single sign-on provider vouched for, by a token whose signature, issuer, audience and expiry were checked.
 *
 * @param subject the provider's stable identifier of the person (the token's {@code sub})
 * @param name    what people call them (the provider's user name or e-mail, else the subject)
 * @param groups  the groups the provider says they are in (empty when the token names none)
 */
public record Identity(String issuer, String subject, String name, List<String> groups) {

    public Identity {
        groups = List.copyOf(groups);
    }

    /** The name the console and the audit trail know them by: never the same as a local user's. */
    public String principal() {
        return "sso:" + name;
    }

    /** Who they are at the provider, for the audit trail. */
    public String describe() {
        return "subject " + subject + " at " + issuer;
    }
}
