package dev.llmproxy.infrastructure.upstream.gemini;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.application.proxy.AskedReasoning;
import dev.llmproxy.application.proxy.ChatJson;
import dev.llmproxy.application.proxy.ResponseFormat;
import dev.llmproxy.application.proxy.Tools;
import dev.llmproxy.domain.catalog.AllowedModel;
import dev.llmproxy.domain.upstream.Sampling;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;

import java.util.List;
import java.util.Set;
import java.util.logging.Logger;

/**
 * A caller's OpenAI chat request as a Gemini {@code generateContent} request. Gemini refuses fields it does not know
 * with a 400, so only what has a Gemini form is sent; anything else is dropped and named in a debug log.
 */
final class GeminiRequests {

    private static final Logger LOG = Logger.getLogger(GeminiRequests.class.getName());
    /** Fields translated below, or with no meaning for Gemini at all (the model is in the URL, streaming too). */
    private static final Set<String> HANDLED = Set.of("model", "messages", "stream", "stream_options", "max_tokens",
            "max_completion_tokens", "temperature", "top_p", "top_k", "stop", "seed", "n", "presence_penalty",
            "frequency_penalty", "response_format", "tools", "tool_choice", "reasoning_effort");

    /** Room for thoughts on a second try, at the least: enough to matter when the first had almost none. */
    private static final long MIN_MORE_ROOM = 4096;

    private GeminiRequests() {
    }

    /**
     * @param moreRoom the model's thoughts used up its output budget last time: give them twice the room
     */
    static JsonObject translate(ChatJson request, AllowedModel allowed, boolean stream, boolean moreRoom) {
        JsonObject openAi = request.object();
        Sampling sampling = request.sampling();
        String model = GeminiThinking.bare(allowed.upstreamModel());
        GeminiContents.Translated conversation = GeminiContents.of(request.conversation());
        JsonObjectBuilder out = JsonCodec.object().add("contents", conversation.contents());
        if (conversation.systemInstruction() != null) {
            out.add("systemInstruction", conversation.systemInstruction());
        }
        out.add("generationConfig", generationConfig(openAi, sampling, request.format(), allowed, model, stream,
                moreRoom));
        Tools tools = request.tools();
        if (!tools.functions().isEmpty()) {
            out.add("tools", JsonCodec.array().add(JsonCodec.object().add("functionDeclarations",
                    declarations(tools.functions()))));
        }
        if (tools.choice() != null) {
            out.add("toolConfig", toolConfig(tools.choice()));
        }
        for (String field : openAi.keySet()) {
            if (!HANDLED.contains(field)) {
                LOG.fine(() -> "Not sent to Gemini (no such field there): " + field);
            }
        }
        return out.build();
    }

    private static JsonObject generationConfig(JsonObject r, Sampling sampling, ResponseFormat format,
                                               AllowedModel allowed, String model, boolean stream, boolean moreRoom) {
        JsonObjectBuilder g = JsonCodec.object();
        GeminiThinking.Plan thinking = GeminiThinking.plan(model, AskedReasoning.of(r, allowed.reasoningEffort()).effort());
        JsonNumber answerBudget = r.get("max_completion_tokens") instanceof JsonNumber n ? n
                : r.get("max_tokens") instanceof JsonNumber m ? m : null;
        if (answerBudget != null) {
            // The caller's budget is for the answer; thoughts count against maxOutputTokens as well.
            long room = thinking.headroom() == 0 ? 0
                    : allowed.thinkingHeadroom() != null ? allowed.thinkingHeadroom() : thinking.headroom();
            g.add("maxOutputTokens", answerBudget.longValue() + (moreRoom ? Math.max(2 * room, MIN_MORE_ROOM) : room));
        }
        if (sampling.temperature() != null) {
            g.add("temperature", sampling.temperature());
        }
        if (sampling.topP() != null) {
            g.add("topP", sampling.topP());
        }
        if (sampling.topK() != null) {
            g.add("topK", sampling.topK());
        }
        copyNumber(r, "seed", g, "seed");
        if (GeminiThinking.family(model) != GeminiThinking.Family.LEVEL) {
            // Gemini 3 takes no penalties.
            copyNumber(r, "presence_penalty", g, "presencePenalty");
            copyNumber(r, "frequency_penalty", g, "frequencyPenalty");
        }
        if (!stream && r.get("n") instanceof JsonNumber n && n.intValue() > 1) {
            g.add("candidateCount", n.intValue());
        }
        if (!sampling.stop().isEmpty()) {
            g.add("stopSequences", JsonCodec.array(sampling.stop()));
        }
        if (format.json()) {
            g.add("responseMimeType", "application/json");
            if (format.schema() != null) {
                g.add("responseJsonSchema", format.schema());
            }
        }
        if (thinking.config() != null) {
            g.add("thinkingConfig", thinking.config());
        }
        return g.build();
    }

    private static JsonArray declarations(List<Tools.Function> functions) {
        JsonArrayBuilder out = JsonCodec.array();
        for (Tools.Function f : functions) {
            JsonObjectBuilder d = JsonCodec.object().add("name", f.name());
            if (f.description() != null) {
                d.add("description", f.description());
            }
            if (f.parameters() != null) {
                // The JSON Schema form takes what OpenAI callers write (additionalProperties and all).
                d.add("parametersJsonSchema", f.parameters());
            }
            out.add(d);
        }
        return out.build();
    }

    /** none, auto, required, or one named function: Gemini's NONE, AUTO, ANY, or ANY limited to that name. */
    private static JsonObject toolConfig(Tools.Choice choice) {
        JsonObjectBuilder calling = JsonCodec.object();
        switch (choice.mode()) {
            case NONE -> calling.add("mode", "NONE");
            case REQUIRED -> calling.add("mode", "ANY");
            case NAMED -> calling.add("mode", "ANY").add("allowedFunctionNames", JsonCodec.array().add(choice.name()));
            case AUTO -> calling.add("mode", "AUTO");
        }
        return JsonCodec.object().add("functionCallingConfig", calling).build();
    }

    private static void copyNumber(JsonObject from, String key, JsonObjectBuilder to, String as) {
        if (from.get(key) instanceof JsonNumber n) {
            to.add(as, n);
        }
    }
}
