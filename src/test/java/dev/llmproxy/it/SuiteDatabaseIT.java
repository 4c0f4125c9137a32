package dev.llmproxy.it;

import dev.llmproxy.testing.PostgresDatabases;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** The suite runs on the database it says it runs on: on PostgreSQL, the rows are in PostgreSQL's tables. */
class SuiteDatabaseIT extends DeployedProxy {

    private static final String DATABASE = System.getProperty("it.suite.database", "h2");

    @Test
    void theRequestLogIsInTheSuitesDatabase() throws Exception {
        proxy.importConfig("{\"providers\":[{\"name\":\"sim\",\"kind\":\"sim\",\"baseUrl\":\"sim://local\"}],"
                + "\"models\":[{\"name\":\"db-on\",\"provider\":\"sim\",\"upstreamModel\":\"healthy\"}],"
                + "\"tiers\":[{\"name\":\"db-tier\",\"chain\":[\"db-on\"]}]}");
        HttpResponse<String> r = proxy.chat("db-tier");
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        String id = r.headers().firstValue("X-Request-Id").orElseThrow();
        if (DATABASE.equals("h2")) {
            await().atMost(Duration.ofSeconds(10)).until(() -> proxy.adminGet("/admin/api/requests?limit=20").body()
                    .contains(id));
            return;
        }
        String url = PostgresDatabases.url(System.getProperty("it.postgresql.database", "llmproxy_it_suite"), 5432);
        await().atMost(Duration.ofSeconds(10)).until(() -> {
            try (Connection c = DriverManager.getConnection(url, PostgresDatabases.USER, "");
                 PreparedStatement s = c.prepareStatement("SELECT COUNT(*) FROM request_log WHERE request_id = ?")) {
                s.setString(1, id);
                try (ResultSet rs = s.executeQuery()) {
                    return rs.next() && rs.getInt(1) == 1;
                }
            }
        });
    }
}
