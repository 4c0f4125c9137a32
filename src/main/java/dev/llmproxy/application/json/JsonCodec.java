package dev.llmproxy.application.json;

import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonStructure;
import jakarta.json.JsonValue;
import jakarta.json.JsonWriter;
import jakarta.json.JsonWriterFactory;
import jakarta.json.spi.JsonProvider;

import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.math.BigDecimal;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * JSON-P through one provider looked up once. The static {@code Json.*} methods look the provider up on every call
 * (a service-loader scan), which costs more than the rest of a request on the hot path.
 */
public final class JsonCodec {

    private static final JsonProvider PROVIDER = JsonProvider.provider();
    private static final BoundedJsonReader READER = new BoundedJsonReader(PROVIDER, JsonLimits.DEFAULT);
    private static final JsonWriterFactory WRITERS = PROVIDER.createWriterFactory(Map.of());
    /** Texts parsed and written since start: how many times a request or an event is handled as JSON, as measured. */
    private static final LongAdder PARSED = new LongAdder();
    private static final LongAdder WRITTEN = new LongAdder();

    private JsonCodec() {
    }

    /** JSON texts parsed since start, by every part of the proxy. */
    public static long parsed() {
        return PARSED.sum();
    }

    /** JSON texts written since start, by every part of the proxy. */
    public static long written() {
        return WRITTEN.sum();
    }

    public static JsonObjectBuilder object() {
        return PROVIDER.createObjectBuilder();
    }

    public static JsonObjectBuilder object(JsonObject copyOf) {
        return PROVIDER.createObjectBuilder(copyOf);
    }

    public static JsonArrayBuilder array() {
        return PROVIDER.createArrayBuilder();
    }

    public static JsonArrayBuilder array(Collection<?> values) {
        return PROVIDER.createArrayBuilder(values);
    }

    public static JsonNumber value(long value) {
        return PROVIDER.createValue(value);
    }

    public static JsonString value(String value) {
        return PROVIDER.createValue(value);
    }

    /**
     * Reads one JSON value within {@link JsonLimits#DEFAULT}.
     *
     * @throws jakarta.json.JsonException when the text is not JSON (a {@code JsonParsingException}, with a location)
     *                                    or passes a limit (a {@link JsonLimitException}, naming the field); never
     *                                    any other runtime exception
     */
    public static JsonValue read(String text) {
        PARSED.increment();
        return READER.read(text);
    }

    /** A writer factory with the given JSON-P configuration (e.g. pretty printing). */
    public static JsonWriterFactory writers(Map<String, ?> config) {
        return PROVIDER.createWriterFactory(config);
    }

    /**
     * Reads UTF-8 JSON, the only encoding for JSON between systems (RFC 8259 §8.1); a leading byte order mark is
     * ignored. Decoding to text first costs the text; the stream reader JSON-P would wrap around the bytes allocates
     * an 8 KB buffer per call, twice per proxied request.
     *
     * @throws jakarta.json.JsonException as {@link #read(String)} does
     */
    public static JsonValue read(byte[] bytes) {
        int start = bytes.length >= 3 && (bytes[0] & 0xFF) == 0xEF && (bytes[1] & 0xFF) == 0xBB
                && (bytes[2] & 0xFF) == 0xBF ? 3 : 0;
        return read(new String(bytes, start, bytes.length - start, StandardCharsets.UTF_8));
    }

    public static String writeText(JsonStructure structure) {
        WRITTEN.increment();
        StringWriter out = new StringWriter(256);
        try (JsonWriter w = WRITERS.createWriter(out)) {
            w.write(structure);
        }
        return out.toString();
    }

    /** UTF-8 bytes (through text, for the same reason as {@link #read(byte[])}). */
    public static byte[] write(JsonObject object) {
        return writeText(object).getBytes(StandardCharsets.UTF_8);
    }

    /** Plain Java form of a JSON value: Long/BigDecimal, Boolean, String, List, Map or null. */
    public static Object toPlain(JsonValue v) {
        return switch (v.getValueType()) {
            case NUMBER -> ((JsonNumber) v).isIntegral() ? (Object) ((JsonNumber) v).longValue()
                    : ((JsonNumber) v).bigDecimalValue();
            case STRING -> ((JsonString) v).getString();
            case TRUE -> Boolean.TRUE;
            case FALSE -> Boolean.FALSE;
            case ARRAY -> ((JsonArray) v).stream().map(JsonCodec::toPlain).toList();
            case OBJECT -> {
                Map<String, Object> map = new LinkedHashMap<>();
                ((JsonObject) v).forEach((k, value) -> map.put(k, toPlain(value)));
                yield map;
            }
            case NULL -> null;
        };
    }

    /** The JSON form of a plain Java value as {@link #toPlain} gives them (and Integer). */
    public static JsonValue fromPlain(Object plain) {
        if (plain == null) return JsonValue.NULL;
        if (plain instanceof Long l) return value(l);
        if (plain instanceof Integer i) return value(i.longValue());
        if (plain instanceof BigDecimal d) return PROVIDER.createValue(d);
        if (plain instanceof Boolean b) return b ? JsonValue.TRUE : JsonValue.FALSE;
        if (plain instanceof String s) return value(s);
        if (plain instanceof Map<?, ?> map) {
            JsonObjectBuilder obj = object();
            map.forEach((k, v) -> obj.add(String.valueOf(k), fromPlain(v)));
            return obj.build();
        }
        JsonArrayBuilder arr = array();
        ((List<?>) plain).forEach(o -> arr.add(fromPlain(o)));
        return arr.build();
    }
}
