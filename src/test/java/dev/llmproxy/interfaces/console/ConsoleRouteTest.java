package dev.llmproxy.interfaces.console;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ConsoleRouteTest {

    private static final ConsoleRoute TOGGLE = ConsoleRoute.of("/models/{name}/toggle", (c, r, p) -> { });

    @Test
    void matchesSegmentBySegmentAndDecodesParametersOnce() {
        assertThat(TOGGLE.match("/models/m1/toggle")).containsExactly("m1");
        // a model name may hold '/' or '+' (OpenRouter-style names): they arrive encoded and stay one segment
        assertThat(TOGGLE.match("/models/openai%2Fgpt-4o%2Bmini/toggle")).containsExactly("openai/gpt-4o+mini");
        assertThat(TOGGLE.match("/models/a+b/toggle")).containsExactly("a+b");
        assertThat(TOGGLE.match("/models/m1")).isNull();
        assertThat(TOGGLE.match("/models//toggle")).isNull();
        assertThat(ConsoleRoute.of("/", (c, r, p) -> { }).match("/")).isEmpty();
    }

    @Test
    void theRouteScanListsEveryPageAndActionButTheLoginPage() {
        assertThat(ConsoleServlet.PAGES).contains("/dashboard", "/tiers/{name}", "/requests.csv").doesNotContain("/login");
        assertThat(ConsoleServlet.ACTIONS).contains("/logout", "/keys/{id}/revoke").doesNotContain("/login");
    }
}
