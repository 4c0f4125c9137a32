package dev.llmproxy.infrastructure.upstream.kinds;

import dev.llmproxy.domain.catalog.AllowedModel;
import dev.llmproxy.domain.catalog.Provider;
import dev.llmproxy.domain.catalog.ProviderKind;
import dev.llmproxy.domain.config.Settings;
import dev.llmproxy.domain.upstream.UpstreamCall;
import dev.llmproxy.domain.upstream.UpstreamPort;
import dev.llmproxy.domain.upstream.UpstreamReply;
import dev.llmproxy.infrastructure.upstream.ProviderPorts;
import dev.llmproxy.infrastructure.upstream.Timers;
import dev.llmproxy.infrastructure.upstream.UpstreamParts;
import dev.llmproxy.infrastructure.upstream.UpstreamRouter;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import javax.net.ssl.SSLSocketFactory;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Each kind's package registers one port per operation it serves, and each call reaches its operation's port. */
class UpstreamKindsTest {

    private static final AllowedModel CHAT = new AllowedModel("c", "p", "c", null, true, false, null, null, false,
            null, null, null, null, null, null, null);
    private static final AllowedModel VECTORS = new AllowedModel("e", "p", "e", null, true, false, null, null, false,
            null, null, null, null, null, null, "e@8");

    private final Timers timers = new Timers(Runnable::run);
    private final List<String> called = new ArrayList<>();

    @AfterEach
    void stop() {
        timers.close();
    }

    @Test
    void everyKindServesChatAndVectorsExactlyWhereTheCatalogSaysItDoes() {
        UpstreamParts parts = new UpstreamParts(null, null, Runnable::run, timers, Clock.systemUTC(),
                name -> Optional.empty(), (SSLSocketFactory) SSLSocketFactory.getDefault(), Settings::defaults,
                () -> 0.5);
        for (ProviderKind kind : ProviderKind.values()) {
            ProviderPorts ports = UpstreamKinds.ports(kind, parts);
            assertThat(ports.chat()).as(kind.id()).isNotNull();
            assertThat(ports.embeddings() != null).as(kind.id() + " serves vectors").isEqualTo(kind.embeds());
        }
        assertThat(UpstreamKinds.router(parts)).isNotNull();
    }

    @Test
    void aCallGoesToThePortOfItsModelsOperation() {
        UpstreamRouter router = new UpstreamRouter(recorded());
        router.send(call(ProviderKind.OPENAI, CHAT)).join();
        router.send(call(ProviderKind.OPENAI, VECTORS)).join();
        router.send(call(ProviderKind.ANTHROPIC, CHAT)).join();
        assertThat(called).containsExactly("openai chat", "openai embeddings", "anthropic chat");
    }

    @Test
    void vectorsAskedOfAKindThatMakesNoneAreRefusedUnsent() {
        UpstreamReply reply = new UpstreamRouter(recorded()).send(call(ProviderKind.VERTEX, VECTORS)).join();
        assertThat(reply).isInstanceOfSatisfying(UpstreamReply.HttpError.class, e -> {
            assertThat(e.status()).isEqualTo(400);
            assertThat(e.bodyExcerpt()).contains("vertex makes no embeddings");
        });
        assertThat(called).isEmpty();
    }

    @Test
    void portsThatDisagreeWithTheCatalogDoNotStart() {
        Map<ProviderKind, ProviderPorts> ports = recorded();
        ports.put(ProviderKind.GEMINI, ProviderPorts.chatOnly(port("gemini chat")));
        assertThatThrownBy(() -> new UpstreamRouter(ports)).hasMessageContaining("gemini makes vectors");
        ports.put(ProviderKind.GEMINI, new ProviderPorts(port("c"), port("e")));
        ports.put(ProviderKind.BEDROCK, new ProviderPorts(port("c"), port("e")));
        assertThatThrownBy(() -> new UpstreamRouter(ports)).hasMessageContaining("bedrock has a port for vectors");
        ports.remove(ProviderKind.BEDROCK);
        assertThatThrownBy(() -> new UpstreamRouter(ports)).hasMessageContaining("no client for provider kind bedrock");
    }

    private Map<ProviderKind, ProviderPorts> recorded() {
        Map<ProviderKind, ProviderPorts> ports = new EnumMap<>(ProviderKind.class);
        for (ProviderKind kind : ProviderKind.values()) {
            ports.put(kind, new ProviderPorts(port(kind.id() + " chat"),
                    kind.embeds() ? port(kind.id() + " embeddings") : null));
        }
        return ports;
    }

    private UpstreamPort port(String name) {
        return call -> {
            called.add(name);
            return CompletableFuture.completedFuture(new UpstreamReply.Failed(
                    dev.llmproxy.domain.failure.FailureKind.MALFORMED, name));
        };
    }

    private static UpstreamCall call(ProviderKind kind, AllowedModel model) {
        return new UpstreamCall("req-1", new Provider("p", kind, URI.create("http://127.0.0.1:1/v1"), null), model,
                "{}".getBytes(StandardCharsets.UTF_8), Duration.ofSeconds(5));
    }
}
