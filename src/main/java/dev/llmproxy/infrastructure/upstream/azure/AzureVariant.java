package dev.llmproxy.infrastructure.upstream.azure;

import dev.llmproxy.domain.upstream.UpstreamCall;
import dev.llmproxy.domain.upstream.UpstreamReply;
import dev.llmproxy.infrastructure.upstream.HttpReplies;
import dev.llmproxy.infrastructure.upstream.RetryAfter;
import dev.llmproxy.infrastructure.upstream.http.OutboundRequest;
import dev.llmproxy.infrastructure.upstream.http.ResponseHead;
import dev.llmproxy.infrastructure.upstream.openai.OpenAiVariant;

import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * Azure OpenAI: OpenAI's format, for chat and vectors, at Azure's addresses, with the key in {@code api-key} (or an
 * Entra ID token in {@code Authorization}, see {@link AzureCredentials}). A base URL with an {@code api-version}
 * query ({@code https://res.openai.azure.com/openai?api-version=2024-10-21}) calls the model's deployment
 * ({@code {base}/deployments/{upstreamModel}/chat/completions?api-version=...}, or {@code .../embeddings?...}); one
 * without ({@code https://res.openai.azure.com/openai/v1}) calls the v1 API, where the deployment is the body's model.
 * A content filter's verdict, whole or streamed, is OpenAI's {@code content_filter} finish, which every kind's
 * refusal is read as; a 429's wait comes in milliseconds first ({@code retry-after-ms}).
 */
public final class AzureVariant implements OpenAiVariant {

    private final ConcurrentMap<String, URI> deployments = new ConcurrentHashMap<>();

    @Override
    public OutboundRequest request(OutboundRequest openAis, String operation, UpstreamCall call, String credential) {
        URI base = call.provider().baseUrl();
        String deployment = call.model().upstreamModel();
        URI uri = base.getRawQuery() == null ? openAis.uri() : deployments.computeIfAbsent(
                base + "|" + deployment + "|" + operation, k -> deploymentUri(base, deployment, operation));
        OutboundRequest.Header header = credential == null ? null : credential.startsWith(AzureCredentials.BEARER)
                ? new OutboundRequest.Header("Authorization", credential)
                : new OutboundRequest.Header("api-key", credential);
        return OpenAiVariant.withHeader(new OutboundRequest(uri, openAis.headers(), openAis.body()), header);
    }

    private static URI deploymentUri(URI base, String deployment, String operation) {
        String path = base.getRawPath().replaceAll("/+$", "");
        return URI.create(base.getScheme() + "://" + base.getRawAuthority() + path + "/deployments/"
                + deployment + operation + "?" + base.getRawQuery());
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
}
