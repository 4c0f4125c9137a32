package dev.llmproxy.application.config;

import dev.llmproxy.domain.config.Problem;
import jakarta.json.JsonArray;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Reads typed fields of one JSON object, recording each problem with the field's path instead of throwing. */
final class JsonFields {

    private final JsonObject object;
    private final String path;
    private final List<Problem> problems;

    JsonFields(JsonObject object, String path, Set<String> allowedKeys, List<Problem> problems) {
        this.object = object;
        this.path = path;
        this.problems = problems;
        for (String key : object.keySet()) {
            if (!allowedKeys.contains(key)) {
                problems.add(new Problem(at(key), "unknown key (allowed: " + String.join(", ", allowedKeys.stream().sorted().toList()) + ")"));
            }
        }
    }

    String at(String key) {
        return path.isEmpty() ? key : path + "." + key;
    }

    private JsonValue value(String key, boolean required) {
        JsonValue v = object.get(key);
        if (v == null || v.getValueType() == JsonValue.ValueType.NULL) {
            if (required) {
                problems.add(new Problem(at(key), "required"));
            }
            return null;
        }
        return v;
    }

    String string(String key, boolean required) {
        JsonValue v = value(key, required);
        if (v == null) {
            return null;
        }
        if (!(v instanceof JsonString s)) {
            problems.add(new Problem(at(key), "must be a string"));
            return null;
        }
        return s.getString();
    }

    boolean bool(String key, boolean defaultValue) {
        JsonValue v = value(key, false);
        if (v == null) {
            return defaultValue;
        }
        if (v.getValueType() == JsonValue.ValueType.TRUE) return true;
        if (v.getValueType() == JsonValue.ValueType.FALSE) return false;
        problems.add(new Problem(at(key), "must be true or false"));
        return defaultValue;
    }

    Integer positiveInt(String key) {
        return wholeNumber(key, BigDecimal.ONE, "must be a positive whole number");
    }

    Integer nonNegativeInt(String key) {
        return wholeNumber(key, BigDecimal.ZERO, "must be a whole number of at least 0");
    }

    private Integer wholeNumber(String key, BigDecimal least, String problem) {
        JsonValue v = value(key, false);
        if (v == null) {
            return null;
        }
        if (!(v instanceof JsonNumber n) || !n.isIntegral() || n.bigDecimalValue().compareTo(least) < 0
                || n.bigDecimalValue().compareTo(BigDecimal.valueOf(Integer.MAX_VALUE)) > 0) {
            problems.add(new Problem(at(key), problem));
            return null;
        }
        return n.intValue();
    }

    BigDecimal decimal(String key) {
        JsonValue v = value(key, false);
        if (v == null) {
            return null;
        }
        if (!(v instanceof JsonNumber n) || n.bigDecimalValue().signum() < 0) {
            problems.add(new Problem(at(key), "must be a number of at least 0"));
            return null;
        }
        return n.bigDecimalValue();
    }

    LocalDate date(String key) {
        String s = string(key, false);
        if (s == null) {
            return null;
        }
        try {
            return LocalDate.parse(s);
        } catch (DateTimeParseException e) {
            problems.add(new Problem(at(key), "must be a date as YYYY-MM-DD (was '" + s + "')"));
            return null;
        }
    }

    List<String> strings(String key, boolean required) {
        JsonValue v = value(key, required);
        if (v == null) {
            return List.of();
        }
        if (!(v instanceof JsonArray a)) {
            problems.add(new Problem(at(key), "must be a list of strings"));
            return List.of();
        }
        List<String> out = new ArrayList<>();
        for (int i = 0; i < a.size(); i++) {
            if (a.get(i) instanceof JsonString s) {
                out.add(s.getString());
            } else {
                problems.add(new Problem(at(key) + "[" + i + "]", "must be a string"));
            }
        }
        return out;
    }

    List<JsonObject> objects(String key, boolean required) {
        JsonValue v = value(key, required);
        if (v == null) {
            return List.of();
        }
        if (!(v instanceof JsonArray a)) {
            problems.add(new Problem(at(key), "must be a list"));
            return List.of();
        }
        List<JsonObject> out = new ArrayList<>();
        for (int i = 0; i < a.size(); i++) {
            if (a.get(i) instanceof JsonObject o) {
                out.add(o);
            } else {
                problems.add(new Problem(at(key) + "[" + i + "]", "must be an object"));
                out.add(null);
            }
        }
        return out;
    }

    JsonObject object(String key) {
        JsonValue v = value(key, false);
        if (v == null) {
            return null;
        }
        if (!(v instanceof JsonObject o)) {
            problems.add(new Problem(at(key), "must be an object"));
            return null;
        }
        return o;
    }
}
