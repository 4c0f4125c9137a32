package dev.llmproxy.application.security;

/** A single sign-on that did not succeed; the message says why in words fit for the person signing in. */
public class SignInRefused extends Exception {

    /** Whether the provider could not be reached or answered wrongly (not the person's fault: a 503). */
    private final boolean providerFault;

    public SignInRefused(String message, boolean providerFault, Throwable cause) {
        super(message, cause);
        this.providerFault = providerFault;
    }

    public SignInRefused(String message) {
        this(message, false, null);
    }

    public boolean providerFault() {
        return providerFault;
    }
}
