package dev.llmproxy.infrastructure.upstream.azure;

import dev.llmproxy.domain.upstream.UpstreamCall;
import dev.llmproxy.domain.upstream.UpstreamReply;
import dev.llmproxy.infrastructure.upstream.HttpReplies;
import dev.llmproxy.infrastructure.upstream.OpenAiWire;
import dev.llmproxy.infrastructure.upstream.RetryAfter;
import dev.llmproxy.infrastructure.upstream.WireFormat;
import dev.llmproxy.infrastructure.upstream.http.OutboundRequest;
import dev.llmproxy.infrastructure.upstream.http.ResponseHead;

import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * Azure OpenAI: OpenAI's format at Azure's addresses, with the key in {@code api-key} (or an Entra ID token in
 * {@code Authorization}, see {@link AzureCredentials}). A base URL with an
 * {@code api-version} query ({@code https://res.openai.azure.com/openai?api-version=2024-10-21}) calls the model's
 * deployment ({@code {base}/deployments/{upstreamModel}/chat/completions?api-version=...}); one without
 * ({@code https://res.openai.azure.com/openai/v1}) calls the v1 API, where the deployment is the body's model. A
 * content filter's verdict, whole or streamed, is OpenAI's {@code content_filter} finish, which every kind's refusal
 * is read as; a 429's wait comes in milliseconds first ({@code retry-after-ms}).
 */
public final class AzureWire implements WireFormat {

    private final OpenAiWire openAi = new OpenAiWire();
    private final ConcurrentMap<String, URI> deployments = new ConcurrentHashMap<>();

    @Override
    public OutboundRequest request(UpstreamCall call, String apiKey) {
        OutboundRequest plain = openAi.request(call, null);
        List<OutboundRequest.Header> headers = new ArrayList<>(plain.headers());
        if (apiKey != null && apiKey.startsWith(AzureCredentials.BEARER)) {
            headers.add(new OutboundRequest.Header("Authorization", apiKey));
        } else if (apiKey != null) {
            headers.add(new OutboundRequest.Header("api-key", apiKey));
        }
        URI base = call.provider().baseUrl();
        URI uri = base.getRawQuery() == null ? plain.uri() : deployments.computeIfAbsent(
                base + "|" + call.model().upstreamModel() + "|" + call.model().embeds(),
                k -> deploymentUri(base, call.model().upstreamModel(), call.model().embeds()));
        return new OutboundRequest(uri, headers, plain.body());
    }

    private static URI deploymentUri(URI base, String deployment, boolean embeds) {
        String path = base.getRawPath().replaceAll("/+$", "");
        return URI.create(base.getScheme() + "://" + base.getRawAuthority() + path + "/deployments/"
                + deployment + (embeds ? "/embeddings" : "/chat/completions") + "?" + base.getRawQuery());
    }

    @Override
    public UpstreamReply completion(UpstreamCall call, byte[] body) {
        return openAi.completion(call, body);
    }

    @Override
    public UpstreamReply.HttpError error(UpstreamCall call, ResponseHead head, byte[] body, Clock clock) {
        return HttpReplies.httpError(call, head.status(), wait(head, clock), body);
    }

    /** Azure's wait: {@code retry-after-ms}, {@code x-ms-retry-after-ms}, then {@code retry-after}. */
    static Duration wait(ResponseHead head, Clock clock) {
        for (String name : new String[] {"retry-after-ms", "x-ms-retry-after-ms"}) {
            String ms = head.header(name);
            if (ms != null) {
                try {
                    long millis = Long.parseLong(ms.trim());
                    if (millis >= 0) {
                        return Duration.ofMillis(Math.min(millis, Duration.ofHours(24).toMillis()));
                    }
                } catch (NumberFormatException unreadable) {
                    // the next header may say
                }
            }
        }
        return RetryAfter.parse(head.header("retry-after"), clock);
    }

    @Override
    public StreamEvents events(UpstreamCall call) {
        return openAi.events(call);
    }
}
