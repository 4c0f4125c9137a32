package dev.llmproxy.it;

import dev.llmproxy.testing.FaultUpstream;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.StringReader;
import java.net.http.HttpResponse;
import java.time.LocalDate;
import java.time.ZoneOffset;

import static org.assertj.core.api.Assertions.assertThat;

/** With requireVerifiedFree, only models verified free lately are ever called; the rest are refused before any call. */
class VerifiedFreeIT extends DeployedProxy {

    private static FaultUpstream fault;

    @BeforeAll
    static void start() throws Exception {
        fault = new FaultUpstream(0);
        for (String m : new String[] {"vf-fresh", "vf-old", "vf-never", "vf-paid"}) {
            fault.on(m, FaultUpstream.ok());
        }
        LocalDate today = LocalDate.now(ZoneOffset.UTC);
        new ProxyClient().importConfig(new ConfigBuilder(fault.baseUrl())
                .freeModel("vf-fresh", today.minusDays(2))
                .freeModel("vf-old", today.minusDays(45))
                .freeModel("vf-never", null)
                .paidModel("vf-paid")
                .tier("vf-mixed", "vf-old", "vf-paid", "vf-fresh")
                .tier("vf-none", "vf-old", "vf-never", "vf-paid")
                .setting("requireVerifiedFree", true)
                .build());
    }

    @AfterAll
    static void stop() throws Exception {
        fault.close();
    }

    @Test
    void aTierSkipsEveryModelNotVerifiedFreeLately() {
        HttpResponse<String> r = proxy.chat("vf-mixed");
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        assertThat(r.headers().firstValue("X-Proxy-Model")).hasValue("vf-fresh");
        assertThat(fault.calls("vf-old")).isZero();
        assertThat(fault.calls("vf-paid")).isZero();
    }

    @Test
    void aTierWithNoSuchModelIsRefusedBeforeAnyCall() {
        HttpResponse<String> r = proxy.chat("vf-none");
        assertThat(r.statusCode()).isEqualTo(403);
        JsonObject error = Json.createReader(new StringReader(r.body())).readObject().getJsonObject("error");
        assertThat(error.getString("code")).isEqualTo("cost_safety");
        assertThat(error.getString("message")).contains("verified free within the last 30 days");
        assertThat(fault.calls("vf-old") + fault.calls("vf-never") + fault.calls("vf-paid")).isZero();
    }

    @Test
    void aStaleModelAskedForByNameIsRefused() {
        HttpResponse<String> r = proxy.chat("vf-old");
        assertThat(r.statusCode()).isEqualTo(403);
        assertThat(r.body()).contains("cost_safety").contains("vf-old");
        assertThat(fault.calls("vf-old")).isZero();
    }

    @Test
    void theMetricCountsModelsMarkedFreeWhoseCheckIsStale() {
        HttpResponse<String> r = proxy.get("/metrics");
        assertThat(r.body()).containsPattern("(?m)^proxy_models_free_verification_stale(\\{[^}]*\\})? 2(\\.0)?$");
    }
}
