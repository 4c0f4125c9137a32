package dev.llmproxy.infrastructure.upstream.bedrock;

import dev.llmproxy.infrastructure.upstream.http.OutboundRequest;
import software.amazon.awssdk.http.ContentStreamProvider;
import software.amazon.awssdk.http.SdkHttpMethod;
import software.amazon.awssdk.http.SdkHttpRequest;
import software.amazon.awssdk.http.auth.aws.signer.AwsV4HttpSigner;
import software.amazon.awssdk.http.auth.spi.signer.HttpSigner;
import software.amazon.awssdk.http.auth.spi.signer.SignedRequest;
import software.amazon.awssdk.identity.spi.AwsCredentialsIdentity;

import java.net.URI;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Signs a Bedrock request with AWS Signature Version 4, by AWS's own signer (canonical request, the model id's
 * path segment encoded twice as AWS wants, session tokens): the request goes out with the headers it returns, Host
 * excepted, which the transport writes itself the same way.
 */
final class AwsSigner {

    /** The name Bedrock's runtime is signed for (not its host's {@code bedrock-runtime}). */
    static final String SERVICE = "bedrock";

    private final AwsV4HttpSigner signer = AwsV4HttpSigner.create();
    private final Clock clock;

    AwsSigner(Clock clock) {
        this.clock = clock;
    }

    List<OutboundRequest.Header> sign(URI uri, List<OutboundRequest.Header> headers, byte[] body,
                                      AwsCredentialsIdentity identity, String region) {
        SdkHttpRequest.Builder request = SdkHttpRequest.builder().method(SdkHttpMethod.POST).uri(uri);
        headers.forEach(h -> request.putHeader(h.name(), h.value()));
        SignedRequest signed = signer.sign(r -> r.identity(identity).request(request.build())
                .payload(ContentStreamProvider.fromByteArrayUnsafe(body))
                .putProperty(AwsV4HttpSigner.SERVICE_SIGNING_NAME, SERVICE)
                .putProperty(AwsV4HttpSigner.REGION_NAME, region)
                .putProperty(HttpSigner.SIGNING_CLOCK, clock));
        List<OutboundRequest.Header> out = new ArrayList<>();
        for (Map.Entry<String, List<String>> h : signed.request().headers().entrySet()) {
            if (!h.getKey().equalsIgnoreCase("Host")) {
                h.getValue().forEach(v -> out.add(new OutboundRequest.Header(h.getKey(), v)));
            }
        }
        return out;
    }
}
