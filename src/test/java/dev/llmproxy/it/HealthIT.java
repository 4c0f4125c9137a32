package dev.llmproxy.it;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

import java.io.StringReader;
import java.net.http.HttpResponse;

import static org.assertj.core.api.Assertions.assertThat;

/** MicroProfile Health: liveness of the request machinery, readiness on the database and answerable tiers. */
class HealthIT extends DeployedProxy {

    @Test
    void liveAndReadyWithTheDatabaseUpAndTiersAnswering() {
        proxy.importConfig("{\"providers\":[{\"name\":\"sim\",\"kind\":\"sim\",\"baseUrl\":\"sim://local\"}],"
                + "\"models\":[{\"name\":\"h-on\",\"provider\":\"sim\",\"upstreamModel\":\"healthy\"}],"
                + "\"tiers\":[{\"name\":\"h-tier\",\"chain\":[\"h-on\"]}]}");
        HttpResponse<String> live = proxy.get("/health/live");
        assertThat(live.statusCode()).as(live.body()).isEqualTo(200);
        assertThat(live.body()).contains("proxy-runtime");
        HttpResponse<String> ready = proxy.get("/health/ready");
        assertThat(ready.statusCode()).as(ready.body()).isEqualTo(200);
        JsonObject check = Json.createReader(new StringReader(ready.body())).readObject().getJsonArray("checks")
                .getJsonObject(0);
        assertThat(check.getString("name")).isEqualTo("proxy");
        assertThat(check.getJsonObject("data").getString("database")).isEqualTo("up");
        assertThat(check.getJsonObject("data").getJsonNumber("tiersAnswering").longValue()).isPositive();
    }

    @Test
    void notReadyWhenNoTierCanAnswer() throws Exception {
        proxy.importConfig("{\"providers\":[{\"name\":\"sim\",\"kind\":\"sim\",\"baseUrl\":\"sim://local\"}],"
                + "\"models\":[{\"name\":\"h-off\",\"provider\":\"sim\",\"upstreamModel\":\"healthy\",\"enabled\":false}],"
                + "\"tiers\":[{\"name\":\"h-tier\",\"chain\":[\"h-off\"]}]}");
        HttpResponse<String> ready = proxy.get("/health/ready");
        assertThat(ready.statusCode()).isEqualTo(503);
        JsonObject check = Json.createReader(new StringReader(ready.body())).readObject().getJsonArray("checks")
                .getJsonObject(0);
        assertThat(check.getString("status")).isEqualTo("DOWN");
        assertThat(check.getJsonObject("data").getJsonNumber("tiersAnswering").longValue()).isZero();
    }
}
