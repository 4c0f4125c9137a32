package dev.llmproxy.infrastructure.upstream.anthropic;

import dev.llmproxy.domain.upstream.UpstreamReply;
import org.junit.jupiter.api.Test;

import java.time.Clock;

import static org.assertj.core.api.Assertions.assertThat;

/** A chat request's files as Claude's documents, and the files Claude cannot read refused, never dropped. */
class AnthropicSourcesTest {

    @Test
    void aPlainTextDataUrlIsItsTextWhetherBase64OrPercentEscapedAndAPlusIsAPlus() {
        assertThat(AnthropicSources.document("data:text/plain;base64,UmVudDogOTAwIEVVUi4=").getString("data"))
                .isEqualTo("Rent: 900 EUR.");
        assertThat(AnthropicSources.document("data:text/plain;charset=utf-8,Rent%3A%20900+%E2%82%AC").getString("data"))
                .isEqualTo("Rent: 900+€");
    }

    @Test
    void whatCannotBeDecodedOrIsNoPdfNorTextIsNoDocument() {
        assertThat(AnthropicSources.document("data:text/plain;base64,@@@")).isNull();
        assertThat(AnthropicSources.document("data:text/plain,100%")).isNull();
        assertThat(AnthropicSources.document("data:application/msword;base64,0M8R4KGxGuE=")).isNull();
        assertThat(AnthropicSources.document("ftp://example.com/lease.pdf")).isNull();
        assertThat(AnthropicSources.document("https://example.com/lease.pdf").getString("type")).isEqualTo("url");
    }

    @Test
    void aRequestWithAFileClaudeCannotReadIsRefusedByItsNameBeforeClaudeIsAsked() {
        UpstreamReply refused = new AnthropicWire(Clock.systemUTC()).unsendable(AnthropicCalls.to("""
                {'model':'claude','messages':[{'role':'user','content':[{'type':'text','text':'Sum it up'},
                 {'type':'file','file':{'filename':'minutes.doc','file_data':'data:application/msword;base64,0M8R'}}]}]}
                """));
        assertThat(refused).isInstanceOfSatisfying(UpstreamReply.HttpError.class, e -> {
            assertThat(e.status()).isEqualTo(400);
            assertThat(e.toString()).contains("minutes.doc");
        });
        assertThat(new AnthropicWire(Clock.systemUTC()).unsendable(AnthropicCalls.to("""
                {'model':'claude','messages':[{'role':'user','content':[
                 {'type':'file','file':{'filename':'lease.pdf','file_data':'data:application/pdf;base64,JVBERi0x'}}]}]}
                """))).isNull();
    }
}
