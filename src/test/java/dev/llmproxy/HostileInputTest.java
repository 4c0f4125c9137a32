package dev.llmproxy;

import dev.llmproxy.application.config.ConfigDocument;
import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.application.proxy.ChatJson;
import dev.llmproxy.application.proxy.ChatRequest;
import dev.llmproxy.application.proxy.EmbeddingInput;
import dev.llmproxy.domain.catalog.AllowedModel;
import dev.llmproxy.domain.catalog.Provider;
import dev.llmproxy.domain.catalog.ProviderKind;
import dev.llmproxy.domain.config.ConfigValidationException;
import dev.llmproxy.domain.failure.ErrorKind;
import dev.llmproxy.domain.failure.ProxyException;
import dev.llmproxy.domain.upstream.UpstreamCall;
import dev.llmproxy.infrastructure.upstream.anthropic.AnthropicWire;
import dev.llmproxy.interfaces.proxy.messages.MessagesDialect;
import dev.llmproxy.interfaces.proxy.responses.ResponsesDialect;
import dev.llmproxy.interfaces.security.AdminGate;
import dev.llmproxy.testing.HostileInputs;
import dev.llmproxy.testing.Tries;
import jakarta.json.JsonException;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every parser of hostile input either accepts it or refuses it with its own, structured error: never another
 * exception, which on the request path would leave an exchange without an answer.
 */
class HostileInputTest {

    private static final Provider CLAUDE_AT = new Provider("a", ProviderKind.ANTHROPIC,
            URI.create("http://127.0.0.1:1"), "KEY");

    @Test
    void theRequestParserAnswersEveryBodyWithARequestOrA400() {
        Tries.of(3000, random -> {
            byte[] body = HostileInputs.chatBody(random);
            try {
                ChatRequest request = ChatRequest.parse(body);
                assertThat(request.model()).isNotBlank();
                assertThat(request.promptChars()).isNotNegative();
                request.promptExcerpt(100);
                request.includeUsage();
            } catch (ProxyException e) {
                assertThat(e.error().kind()).isEqualTo(ErrorKind.BAD_REQUEST);
                assertThat(e.error().message()).isNotBlank();
            }
        });
    }

    @Test
    void theMessagesTranslationAnswersEveryBodyWithAChatRequestOrA400() {
        Tries.of(3000, random -> {
            byte[] body = HostileInputs.messagesBody(random);
            try {
                ChatRequest request = MessagesDialect.INSTANCE.read(body);
                assertThat(request.model()).isNotBlank();
                assertThat(request.promptTokenEstimate()).isPositive();
                // what the door took, Claude's wire writes as written, whatever it holds
                assertThat(AnthropicWire.body(new UpstreamCall("r", CLAUDE_AT, AllowedModel.of("c", "a", "claude-x"),
                        ChatJson.from(request),
                        Duration.ofSeconds(1), null, null, false, null, null)).get("messages")).isNotNull();
            } catch (ProxyException e) {
                assertThat(e.error().kind()).isEqualTo(ErrorKind.BAD_REQUEST);
                assertThat(e.error().message()).isNotBlank();
            }
        });
    }

    @Test
    void theResponsesTranslationAnswersEveryBodyWithAChatRequestOrA400() {
        Tries.of(3000, random -> {
            byte[] body = HostileInputs.responsesBody(random);
            try {
                ChatRequest request = new ResponsesDialect(null, null).read(body);
                assertThat(request.model()).isNotBlank();
                assertThat(request.promptTokenEstimate()).isPositive();
            } catch (ProxyException e) {
                assertThat(e.error().kind()).isIn(ErrorKind.BAD_REQUEST, ErrorKind.NOT_FOUND);
                assertThat(e.error().message()).isNotBlank();
            }
        });
    }

    @Test
    void theEmbeddingsSchemaAnswersEveryBodyWithARequestOrA400() {
        Tries.of(3000, random -> {
            byte[] body = HostileInputs.embeddingsBody(random);
            try {
                ChatRequest request = EmbeddingInput.parse(body);
                assertThat(request.model()).isNotBlank();
                assertThat(request.embeddings()).isTrue();
                assertThat(request.promptTokenEstimate()).isNotNegative();
                assertThat(request.promptChars()).isPositive();
                assertThat(request.maxTokens()).isZero();
            } catch (ProxyException e) {
                assertThat(e.error().kind()).isEqualTo(ErrorKind.BAD_REQUEST);
            }
        });
    }

    @Test
    void theRequestParserTakesArbitraryText() {
        Tries.of(2000, random -> {
            String text = Tries.text(random, 200);
            try {
                ChatRequest.parse(text.getBytes(StandardCharsets.UTF_8));
            } catch (ProxyException e) {
                assertThat(e.error().kind()).isEqualTo(ErrorKind.BAD_REQUEST);
            }
        });
    }

    @Test
    void theConfigDocumentAnswersEveryTextWithAConfigOrItsProblems() {
        Tries.of(1000, random -> {
            String document = HostileInputs.configDocument(random);
            try {
                ConfigDocument.read(document);
            } catch (ConfigValidationException e) {
                assertThat(e.problems()).isNotEmpty();
            }
        });
    }

    @Test
    void jsonIsReadOrRefusedWithAJsonException() {
        Tries.of(2000, random -> {
            String text = Tries.text(random, 200);
            try {
                JsonCodec.read(text);
            } catch (JsonException expected) {
                // the one exception callers handle
            }
        });
    }

    @Test
    void basicCredentialsDecodeOrAreNull() {
        Tries.of(2000, random -> {
            String header = HostileInputs.authorization(random);
            String[] decoded = header.length() > 6 ? AdminGate.decode(header.substring(6)) : null;
            if (decoded != null) {
                assertThat(decoded).hasSize(2);
            }
        });
    }
}
