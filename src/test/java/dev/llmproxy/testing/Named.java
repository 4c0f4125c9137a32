package dev.llmproxy.testing;

import java.util.function.Supplier;

/** One implementation under a contract test, named as the test report shows it. */
public record Named<T>(String name, Supplier<T> store) {
    @Override
    public String toString() {
        return name;
    }
}
