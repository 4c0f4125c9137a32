package dev.llmproxy.application.json;

import jakarta.json.JsonException;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.stream.JsonParsingException;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

class BoundedJsonReaderTest {

    private static JsonLimitException limit(String json) {
        return catchThrowableOfType(JsonLimitException.class, () -> JsonCodec.read(json));
    }

    @Test
    void readsOrdinaryDocumentsWhole() {
        JsonObject o = JsonCodec.read("{\"a\":[1,2.5,-3e2,\"x\",true,false,null,{\"b\":{}}],\"c\":\"\\u00e9\"}").asJsonObject();
        assertThat(o.getJsonArray("a")).hasSize(8);
        assertThat(((JsonNumber) o.getJsonArray("a").get(2)).doubleValue()).isEqualTo(-300.0);
        assertThat(o.getString("c")).isEqualTo("é");
        assertThat(JsonCodec.read("  42 ").toString()).isEqualTo("42");
    }

    @Test
    void nestingPastTheLimitNamesWhereItHappens() {
        String deep = "{\"messages\":[{\"content\":" + "[".repeat(70) + "]".repeat(70) + "}]}";
        JsonLimitException e = limit(deep);
        assertThat(e.path()).startsWith("messages[0].content[0][0]");
        assertThat(e.getMessage()).contains("nested more than 64 levels deep");
        // exactly at the limit is fine
        assertThat(JsonCodec.read("[".repeat(64) + "]".repeat(64))).isNotNull();
        // a thousand deep, closed or not: a limit, not the implementation's own error
        assertThat(limit("[".repeat(1000) + "]".repeat(1000)).path()).startsWith("[0]");
        assertThat(limit("{\"a\":".repeat(1000))).isNotNull();
    }

    @Test
    void longNumbersAndHugeExponentsAreRefusedBeforeAnythingConvertsThem() {
        JsonLimitException digits = limit("{\"model\":\"m\",\"max_tokens\":" + "9".repeat(1200) + "}");
        assertThat(digits.path()).isEqualTo("max_tokens");
        assertThat(digits.getMessage()).contains("1200 characters", "at most 100");
        assertThat(limit("{\"x\":[1e999999999]}").path()).isEqualTo("x[0]");
        assertThat(limit("{\"x\":-1E-1001}")).isNotNull();
        assertThat(JsonCodec.read("{\"x\":1e308,\"y\":1E-0999}")).isNotNull();
    }

    @Test
    void overlongStringsAndKeysAreRefused() {
        JsonCodecTestLimits.withStringLimit(10, reader -> {
            assertThat(catchThrowableOfType(JsonLimitException.class, () -> reader.read("{\"k\":\"" + "x".repeat(11) + "\"}"))
                    .path()).isEqualTo("k");
            assertThatThrownBy(() -> reader.read("{\"" + "k".repeat(11) + "\":1}")).isInstanceOf(JsonLimitException.class);
            assertThat(reader.read("{\"k\":\"" + "x".repeat(10) + "\"}")).isNotNull();
        });
    }

    @Test
    void brokenJsonIsAParsingErrorWithItsPlace() {
        assertThatThrownBy(() -> JsonCodec.read("{\"a\":1} {")).isInstanceOf(JsonParsingException.class);
        assertThatThrownBy(() -> JsonCodec.read("{\"a\":")).isInstanceOf(JsonException.class);
        assertThatThrownBy(() -> JsonCodec.read("")).isInstanceOf(JsonException.class);
        assertThatThrownBy(() -> JsonCodec.read("\"\\ud800")).isInstanceOf(JsonException.class);
        assertThatThrownBy(() -> JsonCodec.read(new byte[] {(byte) 0xC3, 0x28})).isInstanceOf(JsonException.class);
    }
}
