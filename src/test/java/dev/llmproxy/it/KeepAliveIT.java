package dev.llmproxy.it;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An error answer keeps the client's connection, as a success does, whenever the request's body was read: every
 * client would otherwise open a new connection (and a TLS handshake) after each refusal.
 */
class KeepAliveIT extends DeployedProxy {

    @Test
    void errorsAfterAReadBodyKeepTheConnection() throws Exception {
        List<RawExchange> answers = RawExchange.onOneConnection(
                RawExchange.request("POST", "/v1/chat/completions",
                        "{\"model\":\"no-such-model\",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}"),
                RawExchange.request("POST", "/v1/chat/completions", "{\"model\":\"x\"}"),
                RawExchange.request("POST", "/v1/messages",
                        "{\"model\":\"x\",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}"),
                RawExchange.request("GET", "/v1/models/no-such-model", null),
                RawExchange.request("GET", "/v1/nothing-here", null),
                RawExchange.request("GET", "/v1/models", null));
        assertThat(answers).extracting(RawExchange::status).containsExactly(403, 400, 400, 404, 404, 200);
        for (RawExchange answer : answers) {
            assertThat(answer.header("Connection")).as(answer.head()).isNull();
        }
    }

    @Test
    void anUnknownEndpointHandsOutNoRequestIdThatPromisesALogRow() throws Exception {
        RawExchange answer = RawExchange.send(RawExchange.request("GET", "/v1/nothing-here", null));
        assertThat(answer.status()).isEqualTo(404);
        assertThat(answer.header("X-Request-Id")).isNull();
        assertThat(answer.body()).contains("No such endpoint");
    }
}
