package dev.llmproxy;

import dev.llmproxy.application.config.ConfigDocument;
import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.application.proxy.ChatRequest;
import dev.llmproxy.application.proxy.EmbeddingInput;
import dev.llmproxy.domain.config.ConfigValidationException;
import dev.llmproxy.domain.failure.ErrorKind;
import dev.llmproxy.domain.failure.ProxyException;
import dev.llmproxy.interfaces.proxy.messages.MessagesDialect;
import dev.llmproxy.interfaces.proxy.responses.ResponsesDialect;
import dev.llmproxy.interfaces.security.AdminGate;
import dev.llmproxy.testing.HostileInputs;
import jakarta.json.JsonException;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

import java.nio.charset.StandardCharsets;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every parser of hostile input either accepts it or refuses it with its own, structured error: never another
 * exception, which on the request path would leave an exchange without an answer.
 */
class HostileInputTest {

    @Property(tries = 3000)
    void theRequestParserAnswersEveryBodyWithARequestOrA400(@ForAll long seed) {
        byte[] body = HostileInputs.chatBody(new Random(seed));
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
    }

    @Property(tries = 3000)
    void theMessagesTranslationAnswersEveryBodyWithAChatRequestOrA400(@ForAll long seed) {
        byte[] body = HostileInputs.messagesBody(new Random(seed));
        try {
            ChatRequest request = MessagesDialect.INSTANCE.read(body);
            assertThat(request.model()).isNotBlank();
            assertThat(request.promptTokenEstimate()).isPositive();
        } catch (ProxyException e) {
            assertThat(e.error().kind()).isEqualTo(ErrorKind.BAD_REQUEST);
            assertThat(e.error().message()).isNotBlank();
        }
    }

    @Property(tries = 3000)
    void theResponsesTranslationAnswersEveryBodyWithAChatRequestOrA400(@ForAll long seed) {
        byte[] body = HostileInputs.responsesBody(new Random(seed));
        try {
            ChatRequest request = new ResponsesDialect(null, null).read(body);
            assertThat(request.model()).isNotBlank();
            assertThat(request.promptTokenEstimate()).isPositive();
        } catch (ProxyException e) {
            assertThat(e.error().kind()).isIn(ErrorKind.BAD_REQUEST, ErrorKind.NOT_FOUND);
            assertThat(e.error().message()).isNotBlank();
        }
    }

    @Property(tries = 3000)
    void theEmbeddingsSchemaAnswersEveryBodyWithARequestOrA400(@ForAll long seed) {
        byte[] body = HostileInputs.embeddingsBody(new Random(seed));
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
    }

    @Property(tries = 2000)
    void theRequestParserTakesArbitraryText(@ForAll String text) {
        try {
            ChatRequest.parse(text.getBytes(StandardCharsets.UTF_8));
        } catch (ProxyException e) {
            assertThat(e.error().kind()).isEqualTo(ErrorKind.BAD_REQUEST);
        }
    }

    @Property(tries = 1000)
    void theConfigDocumentAnswersEveryTextWithAConfigOrItsProblems(@ForAll long seed) {
        String document = HostileInputs.configDocument(new Random(seed));
        try {
            ConfigDocument.read(document);
        } catch (ConfigValidationException e) {
            assertThat(e.problems()).isNotEmpty();
        }
    }

    @Property(tries = 2000)
    void jsonIsReadOrRefusedWithAJsonException(@ForAll String text) {
        try {
            JsonCodec.read(text);
        } catch (JsonException expected) {
            // the one exception callers handle
        }
    }

    @Property(tries = 2000)
    void basicCredentialsDecodeOrAreNull(@ForAll long seed) {
        String header = HostileInputs.authorization(new Random(seed));
        String[] decoded = header.length() > 6 ? AdminGate.decode(header.substring(6)) : null;
        if (decoded != null) {
            assertThat(decoded).hasSize(2);
        }
    }
}
