package dev.llmproxy.infrastructure.upstream.openrouter;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.domain.config.ProviderHeaders;
import dev.llmproxy.domain.config.Settings;
import dev.llmproxy.domain.upstream.UpstreamCall;
import dev.llmproxy.domain.upstream.UpstreamReply;
import dev.llmproxy.infrastructure.upstream.HttpReplies;
import dev.llmproxy.infrastructure.upstream.RequestBytes;
import dev.llmproxy.infrastructure.upstream.RetryAfter;
import dev.llmproxy.infrastructure.upstream.http.OutboundRequest;
import dev.llmproxy.infrastructure.upstream.http.ResponseHead;
import dev.llmproxy.infrastructure.upstream.openai.OpenAiVariant;
import jakarta.json.JsonArray;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.function.Supplier;

/**
 * OpenRouter: OpenAI's format, for chat and vectors, plus what OpenRouter does its own way. Requests carry the
 * attribution headers from the settings, and OpenRouter's own fields (cache marks, thinking as a budget). Errors
 * come as a number or a word ({@code metadata.error_type}), with the wait in the body. Once it has answered 200, an
 * error is in-band: a whole answer whose body is an {@code error}, or a stream chunk with a top-level {@code error}
 * or {@code finish_reason: "error"}; each is read as the error it is, never relayed as content. Its
 * {@code : OPENROUTER PROCESSING} comments are not events: they are never content, never a first token, and do not
 * reset the idle timer (a stream that only says it is still working is not making progress).
 */
public final class OpenRouterVariant implements OpenAiVariant {

    /** In every in-band error chunk (a key or a finish reason); in a content string its quotes would be escaped. */
    private static final String ERROR = "\"error\"";
    private static final byte[] ERROR_BYTES = ERROR.getBytes(StandardCharsets.UTF_8);

    private final Supplier<Settings> settings;
    private final Clock clock;

    public OpenRouterVariant(Supplier<Settings> settings, Clock clock) {
        this.settings = settings;
        this.clock = clock;
    }

    @Override
    public OutboundRequest request(OutboundRequest openAis, String operation, UpstreamCall call, String credential) {
        OutboundRequest request = OpenAiVariant.super.request(openAis, operation, call, credential);
        ProviderHeaders s = settings.get().providerHeaders();
        if (!s.openRouterReferer().isEmpty()) {
            request = OpenAiVariant.withHeader(request, new OutboundRequest.Header("HTTP-Referer", s.openRouterReferer()));
        }
        if (!s.openRouterTitle().isEmpty()) {
            request = OpenAiVariant.withHeader(request, new OutboundRequest.Header("X-OpenRouter-Title",
                    s.openRouterTitle()));
        }
        return request;
    }

    @Override
    public UpstreamReply.HttpError inBand(UpstreamCall call, byte[] body) {
        if (!RequestBytes.contains(body, ERROR_BYTES)) {
            return null; // the common case, read once as the answer it is
        }
        JsonObject error = OpenRouterErrors.errorOf(body);
        return error == null ? null : HttpReplies.httpError(call, OpenRouterErrors.statusOf(error),
                OpenRouterErrors.retryAfter(error, clock), body);
    }

    @Override
    public UpstreamReply.HttpError error(UpstreamCall call, ResponseHead head, byte[] body, Clock clock) {
        Duration wait = RetryAfter.parse(head.header("retry-after"), clock);
        JsonObject error = OpenRouterErrors.errorOf(body);
        if (wait == null && error != null) {
            wait = OpenRouterErrors.retryAfter(error, clock);
        }
        return HttpReplies.httpError(call, head.status(), wait, body);
    }

    @Override
    public boolean takesOpenRoutersFields() {
        return true;
    }

    /** A chunk as it is, or the error it carries in OpenAI's error-event shape with the status it stands for. */
    @Override
    public String chunk(String data) {
        if (!data.contains(ERROR)) {
            return data; // neither an error key nor an error finish: not parsed twice (the relay reads every chunk)
        }
        JsonObject chunk;
        try {
            if (!(JsonCodec.read(data) instanceof JsonObject o)) {
                return data;
            }
            chunk = o;
        } catch (JsonException notJson) {
            return data;
        }
        JsonObject error = chunk.get("error") instanceof JsonObject e ? e : null;
        boolean finishedWithError = chunk.get("choices") instanceof JsonArray choices && !choices.isEmpty()
                && choices.get(0) instanceof JsonObject c && c.get("finish_reason") instanceof JsonString f
                && f.getString().equals("error");
        if (error == null && !finishedWithError) {
            return data;
        }
        String message = error != null && error.get("message") instanceof JsonString m ? m.getString()
                : "the stream finished with an error";
        int status = error == null ? 502 : OpenRouterErrors.statusOf(error);
        return JsonCodec.writeText(JsonCodec.object().add("error", JsonCodec.object().add("code", status)
                .add("message", message)).build());
    }
}
