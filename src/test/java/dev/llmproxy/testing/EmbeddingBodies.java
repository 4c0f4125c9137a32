package dev.llmproxy.testing;

import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;

import java.io.StringReader;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Base64;

/**
 * Embeddings as the fake upstreams answer them, computed from the request they got: OpenAI's {@code data} (numbers or
 * base64, as asked) and Gemini's {@code embeddings[].values}. Vector {@code i} is {@code [i + 0.5, seed, 0, ...]}, so
 * a test can tell which model made it and that order was kept.
 */
public final class EmbeddingBodies {

    private EmbeddingBodies() {
    }

    /**
     * @param request the OpenAI embeddings request as sent upstream
     * @param drop    vectors left out at the end (a provider answering short)
     */
    public static String openAi(String request, String model, int dimensions, float seed, int drop) {
        JsonObject body = Json.createReader(new StringReader(request)).readObject();
        int count = body.get("input") instanceof JsonArray a && !a.isEmpty() && !(a.get(0) instanceof jakarta.json.JsonNumber)
                ? a.size() : 1;
        boolean base64 = body.get("encoding_format") instanceof JsonString f && f.getString().equals("base64");
        int dims = body.containsKey("dimensions") ? body.getInt("dimensions") : dimensions;
        JsonArrayBuilder data = Json.createArrayBuilder();
        for (int i = 0; i < count - drop; i++) {
            float[] v = vector(i, seed, dims);
            data.add(Json.createObjectBuilder().add("object", "embedding").add("index", i)
                    .add("embedding", base64 ? Json.createValue(base64(v)) : numbers(v).build()));
        }
        return Json.createObjectBuilder().add("object", "list").add("data", data).add("model", model)
                .add("usage", Json.createObjectBuilder().add("prompt_tokens", 5 * count).add("total_tokens", 5 * count))
                .build().toString();
    }

    /** Gemini's answer to a {@code batchEmbedContents} request. */
    public static String gemini(String request, int dimensions, float seed) {
        JsonArray requests = Json.createReader(new StringReader(request)).readObject().getJsonArray("requests");
        JsonArrayBuilder embeddings = Json.createArrayBuilder();
        for (int i = 0; i < requests.size(); i++) {
            JsonObject r = requests.getJsonObject(i);
            int dims = r.containsKey("outputDimensionality") ? r.getInt("outputDimensionality") : dimensions;
            embeddings.add(Json.createObjectBuilder().add("values", numbers(vector(i, seed, dims))));
        }
        return Json.createObjectBuilder().add("embeddings", embeddings).build().toString();
    }

    public static float[] vector(int index, float seed, int dims) {
        float[] v = new float[dims];
        v[0] = index + 0.5f;
        if (dims > 1) {
            v[1] = seed;
        }
        return v;
    }

    private static JsonArrayBuilder numbers(float[] v) {
        JsonArrayBuilder b = Json.createArrayBuilder();
        for (float x : v) {
            b.add(x);
        }
        return b;
    }

    private static String base64(float[] v) {
        ByteBuffer buffer = ByteBuffer.allocate(v.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (float x : v) {
            buffer.putFloat(x);
        }
        return Base64.getEncoder().encodeToString(buffer.array());
    }
}
