package dev.llmproxy.infrastructure.upstream.anthropic;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.application.proxy.AskedReasoning;
import dev.llmproxy.application.proxy.CacheMarks;
import dev.llmproxy.application.proxy.ChatJson;
import dev.llmproxy.application.proxy.ResponseFormat;
import dev.llmproxy.domain.catalog.AllowedModel;
import dev.llmproxy.domain.conversation.Conversation;
import dev.llmproxy.domain.conversation.Turn;
import dev.llmproxy.domain.log.FrontDoor;
import dev.llmproxy.domain.upstream.Sampling;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;

import java.util.List;

/**
 * A chat completions request in Anthropic's Messages terms: system messages to {@code system}, the conversation to
 * turns of blocks ({@link AnthropicTurns}), tools to {@code input_schema}, {@code stop} to {@code stop_sequences},
 * {@code max_tokens} always (Anthropic requires it), and a reasoning effort to a thinking budget, with the sampling
 * options thinking forbids left out.
 */
final class AnthropicRequests {

    /** What a caller that names no output allowance gets: a long answer, well inside every current model's limit. */
    static final int DEFAULT_MAX_TOKENS = 4096;
    /**
     * A cache breakpoint: Anthropic caches the prompt up to it for five minutes. The tools and the system prompt come
     * first in Anthropic's order and change least, so they are where a model that caches marks its prompts.
     */
    static final JsonObject EPHEMERAL = JsonCodec.object().add("type", "ephemeral").build();

    private AnthropicRequests() {
    }

    /**
     * @param request the request the proxy holds; when the caller wrote it in the Messages API, its turns and tools
     *                go as written, else chat's form is translated
     */
    static JsonObject translate(ChatJson request, AllowedModel model, boolean stream) {
        JsonObject chat = request.object();
        Sampling sampling = request.sampling();
        JsonObject written = request.writtenIn(FrontDoor.MESSAGES);
        Conversation conversation = request.conversation();
        JsonObjectBuilder out = JsonCodec.object().add("model", model.upstreamModel());
        // Anthropic takes at most four breakpoints: a caller that sets its own gets them as set, and none of the model's
        boolean modelMarks = model.promptCaching() && !CacheMarks.any(chat);
        system(conversation, request.format(), modelMarks, out);
        int answer = maxTokens(chat);
        // Anthropic refuses thinking with a forced tool call, with a prefill (a broken answer being continued), and
        // in a tool loop whose last assistant turn does not come back with its signed thinking (it does when Claude
        // made the calls; not when another model did): those turns are asked without it
        Turn toolLoop = conversation.openToolLoop();
        AnthropicThinking.Plan thinking = request.tools().forced() || conversation.endsWithAssistant()
                || toolLoop != null && toolLoop.thinking().isEmpty() ? AnthropicThinking.Plan.NONE
                : AnthropicThinking.plan(model.upstreamModel(), AskedReasoning.of(chat, model.reasoningEffort()), answer);
        boolean thinks = thinking.thinking() != null;
        out.add("messages", written == null ? AnthropicTurns.of(conversation, thinks)
                : WrittenTurns.of(written.getJsonArray("messages"), thinks));
        out.add("max_tokens", answer + thinking.headroom());
        if (thinks) {
            out.add("thinking", thinking.thinking());
            if (thinking.outputConfig() != null) {
                out.add("output_config", thinking.outputConfig());
            }
        } else {
            ClaudeSampling.add(sampling, model.upstreamModel(), out); // thinking forbids them
        }
        if (!sampling.stop().isEmpty()) {
            out.add("stop_sequences", JsonCodec.array(sampling.stop()));
        }
        if (chat.get("user") instanceof JsonString user) {
            out.add("metadata", JsonCodec.object().add("user_id", user));
        }
        if (written == null) {
            AnthropicTools.translate(request.tools(), out, modelMarks);
        } else {
            AnthropicTools.asWritten(written, out, modelMarks);
        }
        if (stream) {
            out.add("stream", true);
        }
        return out.build();
    }

    /**
     * The system blocks, with the instruction that asks for JSON last; one plain string when it is a single block
     * without a mark, as most prompts are.
     */
    private static void system(Conversation conversation, ResponseFormat format, boolean modelMarks,
                               JsonObjectBuilder out) {
        List<JsonObject> blocks = AnthropicSystem.blocks(conversation);
        String json = AnthropicTools.jsonInstruction(format);
        if (json != null && !blocks.isEmpty() && CacheMarks.of(blocks.get(blocks.size() - 1)) == null) {
            JsonObject last = blocks.remove(blocks.size() - 1);
            blocks.add(AnthropicSystem.textBlock(last.getString("text") + "\n\n" + json).build());
        } else if (json != null) {
            blocks.add(AnthropicSystem.textBlock(json).build());
        }
        if (blocks.isEmpty()) {
            return;
        }
        if (modelMarks) {
            JsonObject last = blocks.remove(blocks.size() - 1);
            blocks.add(JsonCodec.object(last).add(CacheMarks.FIELD, EPHEMERAL).build());
        }
        if (blocks.size() == 1 && CacheMarks.of(blocks.get(0)) == null) {
            out.add("system", blocks.get(0).getString("text"));
        } else {
            JsonArrayBuilder system = JsonCodec.array();
            blocks.forEach(system::add);
            out.add("system", system);
        }
    }

    private static int maxTokens(JsonObject chat) {
        for (String field : new String[] {"max_completion_tokens", "max_tokens"}) {
            if (chat.get(field) instanceof JsonNumber n && n.isIntegral() && n.longValue() > 0) {
                return (int) Math.min(Integer.MAX_VALUE / 2, n.longValue());
            }
        }
        return DEFAULT_MAX_TOKENS;
    }
}
