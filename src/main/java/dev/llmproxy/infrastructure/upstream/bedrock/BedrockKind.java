package dev.llmproxy.infrastructure.upstream.bedrock;

import dev.llmproxy.infrastructure.upstream.ProviderPorts;
import dev.llmproxy.infrastructure.upstream.UpstreamParts;

/**
 * The {@code bedrock} kind: AWS Bedrock's Converse API, for chat (its vectors are not served), with a Bedrock API key
 * or an IAM identity that signs each request.
 */
public final class BedrockKind {

    private BedrockKind() {
    }

    public static ProviderPorts ports(UpstreamParts parts) {
        return ProviderPorts.chatOnly(parts.http(new BedrockWire(parts.clock()),
                AwsIdentities.credentials(parts.secrets(), parts.workers(), parts.clock())));
    }
}
