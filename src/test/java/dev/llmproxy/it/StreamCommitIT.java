package dev.llmproxy.it;

import dev.llmproxy.testing.FaultUpstream;
import dev.llmproxy.testing.FaultUpstream.Ending;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.http.HttpClient;

import static dev.llmproxy.testing.OpenAiBodies.answerEvents;
import static dev.llmproxy.testing.OpenAiBodies.partialEvents;
import static org.assertj.core.api.Assertions.assertThat;

/** With the commit window on, a stream cut early is answered afresh by a fallback that takes no prefill. */
class StreamCommitIT extends DeployedProxy {

    private static FaultUpstream fault;
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    @BeforeAll
    static void startUpstream() throws Exception {
        fault = new FaultUpstream(0);
        fault.on("w-cut", fault.stream(0, 5, Ending.CUT, partialEvents("w-cut", "one,", " two,")));
        fault.on("w-plain", fault.stream(0, 5, Ending.DONE, answerEvents("w-plain", "A whole", " answer.")));
        new ProxyClient().importConfig(new ConfigBuilder(fault.baseUrl()).withoutBreakers()
                .setting("attemptTimeoutMs", 5000).setting("chainBudgetMs", 10000).setting("maxSameModelRetries", 0)
                .setting("streamCommitMs", 3000)
                .tier("wt-rescue", "w-cut", "w-plain")
                .build());
    }

    @AfterAll
    static void stopUpstream() throws Exception {
        fault.close();
    }

    @Test
    void aStreamCutInsideTheWindowIsAnsweredWholeByTheNextModel() throws Exception {
        Streamed s = Streamed.call(http, "wt-rescue", true);
        assertThat(s.response().statusCode()).isEqualTo(200);
        assertThat(s.header("X-Proxy-Model")).isEqualTo("w-plain");
        assertThat(s.header("X-Proxy-Fallback")).isEqualTo("true");
        assertThat(s.text()).isEqualTo("A whole answer.");
        assertThat(s.data()).noneMatch(d -> d.contains("\"error\""));
        assertThat(s.done()).isTrue();
        assertThat(fault.calls("w-cut")).isEqualTo(1);
    }
}
