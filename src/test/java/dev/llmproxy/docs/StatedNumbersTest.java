package dev.llmproxy.docs;

import dev.llmproxy.application.replay.AnswerKeeping;
import dev.llmproxy.domain.replay.AnswerKey;
import dev.llmproxy.domain.replay.KeptAnswer;
import dev.llmproxy.application.log.RequestLog;
import dev.llmproxy.domain.failure.ErrorKind;
import dev.llmproxy.domain.routing.RateLimitCooldowns;
import dev.llmproxy.infrastructure.persistence.JdbcStoredResponses;
import dev.llmproxy.interfaces.json.ErrorWire;
import dev.llmproxy.interfaces.proxy.responses.ResponsesDialect;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;

import static org.assertj.core.api.Assertions.assertThat;

/** Where a page states a number the code holds, the two stay equal. */
class StatedNumbersTest {

    private static String page(String name) throws IOException {
        return Files.readString(Path.of("docs", name)).replaceAll("\\s+", " ");
    }

    private static String thousands(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }

    @Test
    void theRequestLogsQueueBound() throws IOException {
        assertThat(page("request-log.md")).contains("the queue holds " + thousands(RequestLog.CAPACITY) + " rows");
    }

    @Test
    void theStoredResponsesBounds() throws IOException {
        String doors = page("front-doors.md");
        assertThat(doors).contains("at most " + ResponsesDialect.MAX_STORED_CHARS / 1024 + " KiB of JSON")
                .contains("at most " + thousands(JdbcStoredResponses.MAX_PER_OWNER) + " (storing another drops");
        assertThat(page("security.md")).contains("each caller keeps at most " + thousands(JdbcStoredResponses.MAX_PER_OWNER)
                + ", of at most " + ResponsesDialect.MAX_STORED_CHARS / 1024 + " KiB each");
    }

    @Test
    void theAnswerKeysBounds() throws IOException {
        assertThat(AnswerKeeping.WINDOW).isEqualTo(Duration.ofHours(24));
        assertThat(AnswerKeeping.ABANDONED_AFTER).isEqualTo(Duration.ofMinutes(15));
        assertThat(page("idempotency.md")).contains("kept for 24 hours").contains("after 15 minutes")
                .contains("every " + AnswerKeeping.LOOK_AGAIN.toMillis() + " ms")
                .contains("up to " + (KeptAnswer.MAX_BYTES >> 20) + " MiB")
                .contains("over " + AnswerKey.MAX_LENGTH + " characters")
                .contains("at most " + thousands(KeptAnswer.MOST_PER_OWNER) + " answers of one caller");
    }

    @Test
    void theLongestCooldown() throws IOException {
        assertThat(RateLimitCooldowns.LONGEST).isEqualTo(Duration.ofHours(1));
        assertThat(page("routing.md")).contains("an hour at most");
        assertThat(page("callers-and-budgets.md")).contains("a cooldown at most an hour");
    }

    @Test
    void theErrorTableListsEveryStatusAndCodeTheProxyAnswers() throws IOException {
        String table = page("routing.md");
        for (ErrorKind kind : ErrorKind.values()) {
            int status = ErrorWire.statusOf(kind);
            String row = "| " + status + (kind == ErrorKind.STREAM_INTERRUPTED ? " (in-band)" : "") + " | `"
                    + ErrorWire.codeOf(kind) + "` |";
            assertThat(table).as(kind.name()).contains(row);
        }
    }
}
