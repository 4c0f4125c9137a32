package dev.llmproxy.domain.config;

import java.time.Duration;

/**
 * The settings "Console and admin sign-in": how many failed sign-ins lock an address or a user name, and for how long.
 */
public record SignInRules(int failuresPerAddress, int failuresPerUser, Duration window) {
}
