package dev.llmproxy.application.proxy;

import dev.llmproxy.application.json.JsonCodec;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Which of a caller's thinking blocks go back to Claude: the ones it can check. */
class CarriedThinkingTest {

    private static boolean sentBack(String block) {
        return CarriedThinking.sentBack((JsonObject) JsonCodec.read(block.replace('\'', '"')));
    }

    @Test
    void thinkingGoesBackWithClaudesSignatureOrRedactedAndNeverAnotherModelsUnsigned() {
        assertThat(sentBack("{'type':'thinking','thinking':'t','signature':'EqQB'}")).isTrue();
        assertThat(sentBack("{'type':'redacted_thinking','data':'Emwk'}")).isTrue();
        assertThat(sentBack("{'type':'thinking','thinking':'t','signature':''}")).isFalse();
        assertThat(sentBack("{'type':'thinking','thinking':'t'}")).isFalse();
        assertThat(sentBack("{'type':'thinking','thinking':'t','signature':7}")).isFalse();
        assertThat(sentBack("{'type':'text','text':'t','signature':'EqQB'}")).isFalse();
    }
}
