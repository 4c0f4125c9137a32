package dev.llmproxy.infrastructure.upstream.anthropic;

import static dev.llmproxy.application.config.DeploymentVariable.ANTHROPIC_API_KEY;

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

/** The {@code anthropic} kind: Anthropic's Messages API, for chat (Anthropic makes no vectors), with its key. */
public final class AnthropicKind {

    private AnthropicKind() {
    }

    public static ProviderPorts ports(UpstreamParts parts) {
        return ProviderPorts.chatOnly(parts.http(new AnthropicWire(parts.clock()), parts.keys()));
    }

    /** With {@code ANTHROPIC_API_KEY}, at first start: Claude through Anthropic's API, in a paid tier of its own. */
    public static FirstStart.Added firstStart(Deployed deployed) {
        if (!deployed.has(ANTHROPIC_API_KEY)) {
            return FirstStart.Added.NOTHING;
        }
        return FirstStart.Added.paid(new Provider("anthropic", ProviderKind.ANTHROPIC,
                        URI.create("https://api.anthropic.com/v1"), ANTHROPIC_API_KEY.name()),
                List.of(FirstStartModels.priced("claude-sonnet", "anthropic", "claude-sonnet-4-5", "claude", "3", "15",
                                "0.3"),
                        FirstStartModels.priced("claude-haiku", "anthropic", "claude-haiku-4-5", "claude", "1", "5",
                                "0.1")),
                new Tier("claude", "Claude through Anthropic's own API (paid)", List.of("claude-sonnet",
                        "claude-haiku")));
    }
}
