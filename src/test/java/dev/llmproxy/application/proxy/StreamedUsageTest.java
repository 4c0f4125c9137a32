package dev.llmproxy.application.proxy;

import dev.llmproxy.domain.answer.Finish;
import dev.llmproxy.domain.catalog.AllowedModel;
import dev.llmproxy.domain.routing.ChainResult;
import dev.llmproxy.domain.streaming.StreamStats;
import dev.llmproxy.domain.upstream.TokenUsage;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class StreamedUsageTest {

    private static final ChatRequest REQUEST = ChatRequest.parse(
            "{\"model\":\"t\",\"stream\":true,\"messages\":[{\"role\":\"user\",\"content\":\"twelve chars\"}]}"
                    .getBytes(StandardCharsets.UTF_8));

    private static ChainResult.Streamed streamed(TokenUsage usage, int events) {
        return new ChainResult.Streamed(AllowedModel.of("m", "p", "m"), "m", Finish.STOP, usage, false, false,
                new StreamStats(5L, events, 0, 0), List.of(), false);
    }

    @Test
    void theUpstreamsUsageWhenItReportedAllOfIt() {
        assertThat(StreamedUsage.of(streamed(new TokenUsage(11, 7, 18), 3), REQUEST)).isEqualTo(new TokenUsage(11, 7, 18));
    }

    @Test
    void countedWhenTheAnswerWasSplicedOrTheUpstreamSaidNothing() {
        // twelve characters of prompt are three tokens at four characters each; completion is the events relayed
        assertThat(StreamedUsage.of(streamed(TokenUsage.NONE, 4), REQUEST)).isEqualTo(new TokenUsage(3, 4, 7));
    }

    @Test
    void whatTheUpstreamDidReportIsKept() {
        assertThat(StreamedUsage.of(streamed(new TokenUsage(20, null, null), 4), REQUEST))
                .isEqualTo(new TokenUsage(20, 4, 24));
    }
}
