package dev.llmproxy.domain.config;

import java.util.List;
import java.util.regex.Pattern;

/** The one rule for the names of providers, models and tiers: callers and the console's URLs carry them. */
final class ConfigNames {

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._:/@+-]{0,199}");

    private ConfigNames() {
    }

    static void check(List<Problem> problems, String path, String name) {
        if (name == null || !NAME.matcher(name).matches()) {
            problems.add(new Problem(path, "must be 1-200 characters of letters, digits and ._:/@+- (was '" + name + "')"));
        }
    }
}
