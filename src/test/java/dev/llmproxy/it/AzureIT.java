package dev.llmproxy.it;

import com.openai.client.OpenAIClient;
import com.openai.client.okhttp.OpenAIOkHttpClient;
import com.openai.errors.BadRequestException;
import com.openai.models.chat.completions.ChatCompletion;
import com.openai.models.chat.completions.ChatCompletionCreateParams;
import dev.llmproxy.testing.FakeEntra;
import dev.llmproxy.testing.FaultUpstream;
import dev.llmproxy.testing.OpenAiBodies;
import dev.llmproxy.testing.TestTls;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Azure OpenAI deployments through the {@code azure-openai} kind, by the official OpenAI SDK: the deployment's
 * address and Azure's key header, the content filter (prompt or answer) as the content-policy refusal, and a 429's
 * wait in milliseconds cooling the deployment down.
 */
class AzureIT extends DeployedProxy {

    private static final String PROMPT_FILTERED = "{\"error\":{\"message\":\"The response was filtered due to the prompt"
            + " triggering Azure OpenAI's content management policy.\",\"type\":null,\"param\":\"prompt\",\"code\":"
            + "\"content_filter\",\"status\":400,\"innererror\":{\"code\":\"ResponsibleAIPolicyViolation\","
            + "\"content_filter_result\":{\"violence\":{\"filtered\":true,\"severity\":\"medium\"}}}}}";
    private static final String ANSWER_FILTERED = "{\"id\":\"chatcmpl-az\",\"object\":\"chat.completion\",\"model\":"
            + "\"gpt-4o\",\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\",\"content\":null},"
            + "\"finish_reason\":\"content_filter\"}],\"usage\":{\"prompt_tokens\":9,\"completion_tokens\":0,"
            + "\"total_tokens\":9}}";
    private static FaultUpstream fault;
    private static FaultUpstream secure;
    private static FakeEntra entra;
    private static OpenAIClient client;

    @BeforeAll
    static void start() throws Exception {
        entra = new FakeEntra(Integer.getInteger("it.entra.port"));
        secure = new FaultUpstream(0, TestTls.server());
        secure.on("az-entra-ok", FaultUpstream.status(200, OpenAiBodies.completion("gpt-4o", "Hello by Entra", "stop")));
        fault = new FaultUpstream(0);
        String base = "http://127.0.0.1:" + fault.port() + "/openai?api-version=2024-10-21";
        fault.on("az-ok", FaultUpstream.status(200, OpenAiBodies.completion("gpt-4o", "Hello from Azure", "stop")));
        fault.on("az-prompt-filtered", FaultUpstream.status(400, PROMPT_FILTERED));
        fault.on("az-answer-filtered", FaultUpstream.status(200, ANSWER_FILTERED));
        fault.on("az-busy", FaultUpstream.status(429, Map.of("retry-after-ms", "60000"),
                "{\"error\":{\"code\":\"429\",\"message\":\"Rate limit is exceeded. Try again in 60 seconds.\"}}"));
        new ProxyClient().importConfig(new ConfigBuilder(fault.baseUrl()).withoutBreakers()
                .azureModel("az-gpt", "az-ok", base)
                .azureModel("az-filter-in", "az-prompt-filtered", base)
                .azureModel("az-filter-out", "az-answer-filtered", base)
                .azureModel("az-limited", "az-busy", base)
                .tier("az-plain", "az-gpt")
                .tier("az-prompt", "az-filter-in", "az-gpt")
                .tier("az-answer", "az-filter-out", "az-gpt")
                .tier("az-quota", "az-limited", "az-gpt")
                // the IT_ENTRA_APP registration (see the POM) signs in at the fake Entra ID: both over https by a CA
                // the server trusts only through PROXY_TRUST_STORE
                .provider("azure-entra", "azure-openai", "https://localhost:" + secure.port() + "/openai/v1",
                        "IT_ENTRA_APP")
                .paidModel("az-entra", "azure-entra", "az-entra-ok", "gpt")
                .tier("az-signed-in", "az-entra")
                .build());
        client = OpenAIOkHttpClient.builder().baseUrl(ProxyClient.BASE + "/v1").apiKey("not-needed").maxRetries(0).build();
    }

    @AfterAll
    static void stop() throws Exception {
        fault.close();
        secure.close();
        entra.close();
    }

    private static ChatCompletionCreateParams ask(String tier) {
        return ChatCompletionCreateParams.builder().model(tier).addUserMessage("Hello").build();
    }

    @Test
    void anEntraIdTokenIsFetchedAndADeploymentCalledOverHttpsOfAPrivateCa() {
        ChatCompletion c = client.chat().completions().create(ask("az-signed-in"));

        assertThat(c.choices().get(0).message().content().orElseThrow()).isEqualTo("Hello by Entra");
        assertThat(secure.lastHeaders("az-entra-ok")).containsEntry("authorization", "Bearer entra-1");
        assertThat(secure.lastTarget("az-entra-ok")).isEqualTo("/openai/v1/chat/completions");
    }

    @Test
    void theDeploymentIsCalledWithAzuresKeyHeader() {
        ChatCompletion c = client.chat().completions().create(ask("az-plain"));
        assertThat(c.choices().get(0).message().content()).contains("Hello from Azure");
        assertThat(fault.lastTarget("az-ok")).isEqualTo("/openai/deployments/az-ok/chat/completions?api-version=2024-10-21");
        assertThat(fault.lastHeaders("az-ok")).containsEntry("api-key", "it-upstream-key").doesNotContainKey("authorization");
    }

    @Test
    void aFilteredPromptOrAnswerIsTheContentPolicyRefusalNotAFallback() {
        for (String tier : new String[] {"az-prompt", "az-answer"}) {
            assertThatThrownBy(() -> client.chat().completions().create(ask(tier)))
                    .isInstanceOfSatisfying(BadRequestException.class, e -> assertThat(e.getMessage())
                            .contains("content policy").doesNotContain("Azure OpenAI's content management"));
        }
    }

    @Test
    void a429sWaitInMillisecondsCoolsTheDeploymentDown() {
        assertThat(client.chat().completions().create(ask("az-quota")).choices().get(0).message().content())
                .contains("Hello from Azure");
        int calls = fault.calls("az-busy");
        client.chat().completions().create(ask("az-quota"));
        assertThat(fault.calls("az-busy")).isEqualTo(calls);
    }
}
