package dev.llmproxy.application.json;

import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonException;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import jakarta.json.spi.JsonProvider;
import jakarta.json.stream.JsonParser;
import jakarta.json.stream.JsonParserFactory;

import java.io.StringReader;
import java.util.Map;

/**
 * Builds a JSON value from JSON-P's streaming parser, checking {@link JsonLimits} as it goes, so that no limit of the
 * implementation's own (which differ between servers and answer with runtime errors of their own) is ever reached.
 * Anything the parser throws other than {@link JsonException} is reported as one: a caller handles one exception.
 */
final class BoundedJsonReader {

    private final JsonProvider provider;
    private final JsonParserFactory parsers;
    private final JsonLimits limits;

    BoundedJsonReader(JsonProvider provider, JsonLimits limits) {
        this.provider = provider;
        this.parsers = provider.createParserFactory(Map.of());
        this.limits = limits;
    }

    /** @throws JsonException when the text is not one JSON value within the limits */
    JsonValue read(String text) {
        try (JsonParser parser = parsers.createParser(new StringReader(text))) {
            if (!parser.hasNext()) {
                throw new JsonException("the text holds no JSON value");
            }
            JsonValue value = value(parser, parser.next(), 1);
            if (parser.hasNext()) { // the parser itself refuses anything after the value but white space
                throw new JsonException("more than one JSON value");
            }
            return value;
        } catch (JsonException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new JsonException("not valid JSON: " + e.getMessage(), e);
        }
    }

    private JsonValue value(JsonParser parser, JsonParser.Event event, int depth) {
        return switch (event) {
            case START_OBJECT -> object(parser, checkDepth(depth));
            case START_ARRAY -> array(parser, checkDepth(depth));
            case VALUE_STRING -> provider.createValue(checkString(parser.getString()));
            case VALUE_NUMBER -> number(parser);
            case VALUE_TRUE -> JsonValue.TRUE;
            case VALUE_FALSE -> JsonValue.FALSE;
            case VALUE_NULL -> JsonValue.NULL;
            default -> throw new JsonException("unexpected " + event);
        };
    }

    private JsonValue object(JsonParser parser, int depth) {
        JsonObjectBuilder b = provider.createObjectBuilder();
        while (true) {
            JsonParser.Event e = parser.next();
            if (e == JsonParser.Event.END_OBJECT) {
                return b.build();
            }
            String key = checkString(parser.getString());
            try {
                b.add(key, value(parser, parser.next(), depth + 1));
            } catch (JsonLimitException limit) {
                throw limit.within(key);
            }
        }
    }

    private JsonValue array(JsonParser parser, int depth) {
        JsonArrayBuilder b = provider.createArrayBuilder();
        for (int i = 0; ; i++) {
            JsonParser.Event e = parser.next();
            if (e == JsonParser.Event.END_ARRAY) {
                return b.build();
            }
            try {
                b.add(value(parser, e, depth + 1));
            } catch (JsonLimitException limit) {
                throw limit.within("[" + i + "]");
            }
        }
    }

    private int checkDepth(int depth) {
        if (depth > limits.maxDepth()) {
            throw new JsonLimitException("", "is nested more than " + limits.maxDepth() + " levels deep");
        }
        return depth;
    }

    private String checkString(String s) {
        if (s.length() > limits.maxStringChars()) {
            throw new JsonLimitException("", "is a string of " + s.length() + " characters; at most "
                    + limits.maxStringChars() + " are accepted");
        }
        return s;
    }

    private JsonValue number(JsonParser parser) {
        String raw = parser.getString();
        if (raw.length() > limits.maxNumberChars()) {
            throw new JsonLimitException("", "is a number of " + raw.length() + " characters; at most "
                    + limits.maxNumberChars() + " are accepted");
        }
        int e = Math.max(raw.indexOf('e'), raw.indexOf('E'));
        if (e >= 0 && exponentTooLarge(raw.substring(e + 1))) {
            throw new JsonLimitException("", "is a number whose exponent is outside -" + limits.maxExponent()
                    + " to " + limits.maxExponent());
        }
        return parser.getValue();
    }

    private boolean exponentTooLarge(String exponent) {
        long value = 0;
        for (int i = 0; i < exponent.length(); i++) {
            char c = exponent.charAt(i);
            if (c >= '0' && c <= '9') { // the parser has checked the rest: one optional sign, then digits
                value = value * 10 + (c - '0');
                if (value > limits.maxExponent()) {
                    return true;
                }
            }
        }
        return false;
    }
}
