package dev.llmproxy.infrastructure.upstream.bedrock;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.application.proxy.ChatJson;
import dev.llmproxy.domain.log.FrontDoor;
import dev.llmproxy.domain.upstream.UpstreamCall;
import dev.llmproxy.infrastructure.upstream.anthropic.AnthropicWire;
import jakarta.json.JsonObject;

/**
 * Claude on Bedrock in the Messages API's own words, for a Messages caller: Bedrock's InvokeModel takes Anthropic's
 * request ({@code /model/{id}/invoke}, {@code /invoke-with-response-stream}) and answers as Anthropic does, so the
 * caller's turns and tools go as written, as they do to Anthropic (Converse has no words for a document's citations,
 * among others). The body is Anthropic's less what Bedrock reads elsewhere or refuses: the model (in the path),
 * {@code stream} (the operation says it), with Bedrock's {@code anthropic_version}, and opened as Bedrock wants
 * ({@link BedrockWire#opened}).
 */
final class BedrockInvoke {

    static final String VERSION = "bedrock-2023-05-31";

    private BedrockInvoke() {
    }

    /** Whether a call goes through InvokeModel: a Messages caller's, to Claude. */
    static boolean takes(UpstreamCall call) {
        return BedrockWire.claude(call.model()) && ChatJson.held(call.body()).writtenIn(FrontDoor.MESSAGES) != null;
    }

    static JsonObject body(UpstreamCall call) {
        return JsonCodec.object(BedrockWire.opened(AnthropicWire.body(call))).remove("model").remove("stream")
                .add("anthropic_version", VERSION).build();
    }

    /** The operation's path after the model id. */
    static String operation(boolean stream) {
        return stream ? "/invoke-with-response-stream" : "/invoke";
    }
}
