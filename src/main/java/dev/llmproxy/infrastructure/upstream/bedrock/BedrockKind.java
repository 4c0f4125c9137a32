package dev.llmproxy.infrastructure.upstream.bedrock;

import static dev.llmproxy.application.config.DeploymentVariable.*;

import dev.llmproxy.application.config.Deployed;
import dev.llmproxy.application.config.FirstStart;
import dev.llmproxy.application.config.FirstStartModels;
import dev.llmproxy.domain.catalog.Provider;
import dev.llmproxy.domain.catalog.ProviderKind;
import dev.llmproxy.domain.config.Tier;
import dev.llmproxy.infrastructure.upstream.ProviderPorts;
import dev.llmproxy.infrastructure.upstream.UpstreamParts;

import java.net.URI;
import java.util.List;

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

    /**
     * With {@code AWS_BEARER_TOKEN_BEDROCK}, a Bedrock API key (the one AWS credential that says it is meant for
     * models), at first start: Claude through Bedrock in {@code AWS_REGION}, in a paid tier of its own. An IAM identity
     * is not taken as a wish to spend on Bedrock; an admin adds that provider in the console.
     */
    public static FirstStart.Added firstStart(Deployed deployed) {
        if (!deployed.has(AWS_BEARER_TOKEN_BEDROCK)) {
            return FirstStart.Added.NOTHING;
        }
        String region = deployed.value(AWS_REGION).or(() -> deployed.value(AWS_DEFAULT_REGION)).orElse("us-east-1");
        return FirstStart.Added.paid(new Provider("bedrock", ProviderKind.BEDROCK,
                        URI.create("https://bedrock-runtime." + region + ".amazonaws.com"),
                        AWS_BEARER_TOKEN_BEDROCK.name()),
                List.of(FirstStartModels.priced("bedrock-claude-sonnet", "bedrock", geography(region)
                        + "anthropic.claude-sonnet-4-5-20250929-v1:0", "claude", "3", "15", "0.3")),
                new Tier("bedrock", "Claude through Amazon Bedrock in " + region + " (paid)",
                        List.of("bedrock-claude-sonnet")));
    }

    /** The prefix of Bedrock's cross-region inference profiles for the geography a region is in. */
    static String geography(String region) {
        if (region.startsWith("us-") || region.startsWith("ca-")) {
            return "us.";
        }
        if (region.startsWith("eu-")) {
            return "eu.";
        }
        return region.startsWith("ap-") ? "apac." : "global.";
    }
}
