package dev.llmproxy.application.proxy;

import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

/**
 * The form the caller asked the answer in, read and checked once at the door from chat's {@code response_format}:
 * each wire that writes its provider's own request says it in its words from here (Gemini's JSON mode and schema,
 * an instruction to Claude, which has no JSON mode).
 *
 * @param schema the JSON schema a {@link Kind#JSON_SCHEMA} answer is valid against; null otherwise, or when none
 */
public record ResponseFormat(Kind kind, JsonObject schema) {

    public enum Kind { TEXT, JSON_OBJECT, JSON_SCHEMA }

    public static final ResponseFormat TEXT = new ResponseFormat(Kind.TEXT, null);

    /** Whether the answer is to be JSON. */
    public boolean json() {
        return kind != Kind.TEXT;
    }

    /**
     * Chat's {@code response_format}.
     *
     * @throws dev.llmproxy.domain.failure.ProxyException a 400 naming what no provider could read
     */
    public static ResponseFormat read(JsonObject chat) {
        JsonValue value = chat.get("response_format");
        if (value == null || value.getValueType() == JsonValue.ValueType.NULL) {
            return TEXT;
        }
        if (!(value instanceof JsonObject format) || !(format.get("type") instanceof JsonString type)) {
            throw CallerBody.bad("response_format.type", "'response_format' must be an object with a 'type': text, "
                    + "json_object or json_schema.");
        }
        return switch (type.getString()) {
            case "text" -> TEXT;
            case "json_object" -> new ResponseFormat(Kind.JSON_OBJECT, null);
            case "json_schema" -> {
                if (!(format.get("json_schema") instanceof JsonObject js) || !(js.get("name") instanceof JsonString)) {
                    throw CallerBody.bad("response_format.json_schema", "'response_format.json_schema' must be an "
                            + "object with a 'name' (and the 'schema' the answer is valid against).");
                }
                JsonValue schema = js.get("schema");
                if (schema != null && schema.getValueType() != JsonValue.ValueType.NULL
                        && !(schema instanceof JsonObject)) {
                    throw CallerBody.bad("response_format.json_schema.schema", "'response_format.json_schema.schema'"
                            + " must be a JSON schema object.");
                }
                yield new ResponseFormat(Kind.JSON_SCHEMA, schema instanceof JsonObject o ? o : null);
            }
            default -> throw CallerBody.bad("response_format.type", "'response_format.type' must be text, "
                    + "json_object or json_schema.");
        };
    }
}
