package dev.llmproxy.interfaces.proxy.responses;

import dev.llmproxy.domain.answer.Finish;
import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.domain.upstream.TokenUsage;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;

/**
 * The response object whole and streamed answers share: its ids, what it echoes of the request, its status and its
 * usage, in the shapes OpenAI's clients read.
 */
final class ResponsesWire {

    private ResponsesWire() {
    }

    /**
     * The response's id, from what its ids are made of ({@code ids}: the request's id, so that the request log finds
     * it, and a random part, so that no one else can guess it and read what is stored under it).
     */
    static String responseId(String ids) {
        return "resp_" + bare(ids);
    }

    static String bare(String requestId) {
        return requestId.startsWith("req_") ? requestId.substring(4) : requestId;
    }

    /**
     * The response object with its output and usage still to add: what the request asked for, echoed.
     *
     * @param status in_progress, completed, incomplete or failed
     */
    static JsonObjectBuilder envelope(String requestId, long createdAt, JsonObject request, String model,
                                      String status) {
        JsonObjectBuilder r = JsonCodec.object().add("id", responseId(requestId)).add("object", "response")
                .add("created_at", createdAt).add("status", status).addNull("error").addNull("incomplete_details")
                .add("model", model == null ? "" : model);
        echo(r, request, "instructions", JsonValue.NULL);
        echo(r, request, "max_output_tokens", JsonValue.NULL);
        echo(r, request, "metadata", JsonValue.EMPTY_JSON_OBJECT);
        echo(r, request, "parallel_tool_calls", JsonValue.TRUE);
        echo(r, request, "previous_response_id", JsonValue.NULL);
        echo(r, request, "temperature", JsonValue.NULL);
        echo(r, request, "top_p", JsonValue.NULL);
        echo(r, request, "tool_choice", JsonCodec.value("auto"));
        echo(r, request, "tools", JsonValue.EMPTY_JSON_ARRAY);
        echo(r, request, "user", JsonValue.NULL);
        echo(r, request, "text", JsonCodec.object().add("format", JsonCodec.object().add("type", "text")).build());
        echo(r, request, "reasoning", JsonValue.NULL);
        return r.add("store", request.get("store") != JsonValue.FALSE).add("truncation", "disabled");
    }

    private static void echo(JsonObjectBuilder r, JsonObject request, String field, JsonValue otherwise) {
        JsonValue v = request.get(field);
        r.add(field, v == null ? otherwise : v);
    }

    /** Completed, or incomplete with its reason. */
    static JsonObjectBuilder ended(JsonObjectBuilder r, Finish finish, JsonArray output, TokenUsage usage) {
        String reason = finish == Finish.LENGTH ? "max_output_tokens"
                : finish != null && finish.refused() ? "content_filter" : null;
        r.add("status", reason == null ? "completed" : "incomplete").add("output", output).add("usage", usage(usage));
        if (reason != null) {
            r.add("incomplete_details", JsonCodec.object().add("reason", reason));
        }
        return r;
    }

    static JsonObject usage(TokenUsage u) {
        int input = u.promptTokens() == null ? 0 : u.promptTokens();
        int output = u.completionTokens() == null ? 0 : u.completionTokens();
        return JsonCodec.object().add("input_tokens", input)
                .add("input_tokens_details", JsonCodec.object().add("cached_tokens",
                        u.cachedPromptTokens() == null ? 0 : u.cachedPromptTokens()))
                .add("output_tokens", output)
                .add("output_tokens_details", JsonCodec.object().add("reasoning_tokens",
                        u.reasoningTokens() == null ? 0 : u.reasoningTokens()))
                .add("total_tokens", u.totalTokens() == null ? input + output : u.totalTokens()).build();
    }

    static JsonObject reasoning(String requestId, String text) {
        return JsonCodec.object().add("type", "reasoning").add("id", "rs_" + bare(requestId))
                .add("summary", JsonCodec.array().add(JsonCodec.object().add("type", "summary_text").add("text", text)))
                .build();
    }

    static JsonObject message(String requestId, String status, String text) {
        return JsonCodec.object().add("type", "message").add("id", "msg_" + bare(requestId)).add("status", status)
                .add("role", "assistant").add("content", text == null ? JsonValue.EMPTY_JSON_ARRAY
                        : JsonCodec.array().add(outputText(text)).build()).build();
    }

    static JsonObject outputText(String text) {
        return JsonCodec.object().add("type", "output_text").add("text", text).add("annotations", JsonCodec.array())
                .build();
    }

    static JsonObject functionCall(String callId, String name, String arguments, String status) {
        return JsonCodec.object().add("type", "function_call").add("id", "fc_" + callId).add("call_id", callId)
                .add("name", name).add("arguments", arguments).add("status", status).build();
    }
}
