package dev.llmproxy.interfaces.metrics;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ScraperTokenTest {

    @Test
    void withATokenOnlyAScraperThatSendsItReadsTheMetrics() {
        ScraperToken token = new ScraperToken("s3cret-scrape");
        assertThat(token.required()).isTrue();
        assertThat(token.admits("Bearer s3cret-scrape")).isTrue();
        assertThat(token.admits("bearer s3cret-scrape")).isTrue();
        assertThat(token.admits(null)).isFalse();
        assertThat(token.admits("Bearer s3cret")).isFalse();
        assertThat(token.admits("Basic czNjcmV0LXNjcmFwZQ==")).isFalse();
    }

    @Test
    void withoutOneEveryScraperIsLetIn() {
        assertThat(new ScraperToken(null).admits(null)).isTrue();
        assertThat(new ScraperToken(" ").required()).isFalse();
    }
}
