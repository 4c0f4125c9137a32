package dev.llmproxy.application.json;

import jakarta.json.JsonObject;
import jakarta.json.stream.JsonParsingException;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class JsonCodecTest {

    @Test
    void readsUtf8IncludingCharactersBeyondAscii() {
        byte[] bytes = "{\"content\":\"héllo → 世界 🙂\"}".getBytes(StandardCharsets.UTF_8);
        JsonObject o = JsonCodec.read(bytes).asJsonObject();
        assertEquals("héllo → 世界 🙂", o.getString("content"));
    }

    @Test
    void ignoresALeadingByteOrderMark() {
        byte[] json = "{\"a\":1}".getBytes(StandardCharsets.UTF_8);
        byte[] withBom = new byte[json.length + 3];
        withBom[0] = (byte) 0xEF;
        withBom[1] = (byte) 0xBB;
        withBom[2] = (byte) 0xBF;
        System.arraycopy(json, 0, withBom, 3, json.length);
        assertEquals(1, JsonCodec.read(withBom).asJsonObject().getInt("a"));
    }

    @Test
    void rejectsWhatIsNotJson() {
        assertThrows(JsonParsingException.class, () -> JsonCodec.read("{\"a\":".getBytes(StandardCharsets.UTF_8)));
        assertThrows(JsonParsingException.class, () -> JsonCodec.read(new byte[0]));
    }

    @Test
    void writesUtf8ThatReadsBackTheSame() {
        JsonObject o = JsonCodec.object().add("content", "naïve \"quoted\" 世界").add("n", 3).build();
        byte[] bytes = JsonCodec.write(o);
        assertEquals(o, JsonCodec.read(bytes));
        assertArrayEquals(JsonCodec.writeText(o).getBytes(StandardCharsets.UTF_8), bytes);
    }
}
