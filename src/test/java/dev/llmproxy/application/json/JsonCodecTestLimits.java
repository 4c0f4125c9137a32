package dev.llmproxy.application.json;

import jakarta.json.spi.JsonProvider;

import java.util.function.Consumer;

/** A reader with other limits than the default, for tests of one limit at a small size. */
final class JsonCodecTestLimits {

    private JsonCodecTestLimits() {
    }

    static void withStringLimit(int maxStringChars, Consumer<BoundedJsonReader> test) {
        test.accept(new BoundedJsonReader(JsonProvider.provider(), new JsonLimits(64, 100, 1_000, maxStringChars)));
    }
}
