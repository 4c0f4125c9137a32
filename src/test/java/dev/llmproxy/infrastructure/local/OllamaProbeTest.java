package dev.llmproxy.infrastructure.local;

import dev.llmproxy.application.local.LocalModels;
import dev.llmproxy.testing.FakeOllama;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

class OllamaProbeTest {

    @Test
    void anOllamaThatAnswersIsUpWithItsVersionAndModels() throws IOException {
        int port = freePort();
        try (FakeOllama ollama = new FakeOllama(port, "llama3.2:latest", "qwen3:8b")) {
            OllamaProbe.Found found = new OllamaProbe(URI.create("http://127.0.0.1:" + port), Duration.ofSeconds(2)).check();
            assertThat(found.up()).isTrue();
            assertThat(found.version()).isEqualTo("0.5.1");
            assertThat(found.models()).containsExactlyInAnyOrder("llama3.2:latest", "qwen3:8b");
        }
    }

    @Test
    void nothingListeningIsDown() throws IOException {
        OllamaProbe.Found found = new OllamaProbe(URI.create("http://127.0.0.1:" + freePort()), Duration.ofMillis(500)).check();
        assertThat(found).isEqualTo(OllamaProbe.Found.DOWN);
    }

    @Test
    void aServerWithoutOllamasApiIsDown() throws IOException {
        int port = freePort();
        try (FakeOllama ollama = new FakeOllama(port)) {
            OllamaProbe.Found found = new OllamaProbe(URI.create("http://127.0.0.1:" + port + "/elsewhere"),
                    Duration.ofSeconds(2)).check();
            assertThat(found.up()).isFalse();
        }
    }

    @Test
    void onlyDevelopmentWithAnAnsweringServerRoutesToStandIns() {
        assertThat(local(true, true).routeToStandIns()).isTrue();
        assertThat(local(false, true).routeToStandIns()).as("production never").isFalse();
        assertThat(local(true, false).routeToStandIns()).isFalse();
    }

    @Test
    void aModelWithoutATagIsTheLatest() {
        LocalModels.Status s = new LocalModels.Status(true, "u", true, "1", Set.of("llama3.2:latest", "qwen3:8b"), Instant.EPOCH);
        assertThat(s.holds("llama3.2")).isTrue();
        assertThat(s.holds("llama3.2:latest")).isTrue();
        assertThat(s.holds("qwen3")).isFalse();
        assertThat(s.holds("qwen3:8b")).isTrue();
        LocalModels local = () -> s;
        assertThat(local.ready(dev.llmproxy.domain.catalog.AllowedModel.of("l", "ollama", "llama3.2"))).isTrue();
        assertThat(local.ready(dev.llmproxy.domain.catalog.AllowedModel.of("q", "ollama", "qwen3"))).as("not pulled").isFalse();
    }

    private static LocalModels local(boolean development, boolean up) {
        LocalModels.Status s = new LocalModels.Status(development, "http://127.0.0.1:11434", up, null, Set.of(), Instant.EPOCH);
        return () -> s;
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }
}
