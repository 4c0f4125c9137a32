package dev.llmproxy.infrastructure.upstream.azure;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.infrastructure.upstream.AnswerBody;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;

/**
 * Azure's content filter in a stream: a chunk that finishes with {@code content_filter} is the filter stopping the
 * answer, read as an error event with the refusal's status and marker (a refusal before any content, a break after);
 * every other chunk, the annotation chunks without a delta included, passes as it is.
 */
final class AzureFilter {

    private AzureFilter() {
    }

    static String inStream(String data) {
        JsonObject chunk = AnswerBody.object(data);
        boolean filtered = chunk != null && chunk.get("choices") instanceof JsonArray choices && !choices.isEmpty()
                && choices.get(0) instanceof JsonObject c && c.get("finish_reason") instanceof JsonString f
                && f.getString().equals("content_filter");
        if (!filtered) {
            return data;
        }
        return JsonCodec.writeText(JsonCodec.object().add("error", JsonCodec.object().add("code", 400)
                .add("message", "content_filter: the answer was filtered by Azure")).build());
    }
}
