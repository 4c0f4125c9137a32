package dev.llmproxy.domain.config;

/**
 * The settings "Provider requests": what the proxy tells providers about itself (empty: nothing).
 *
 * @param openRouterReferer the URL OpenRouter attributes calls to ({@code HTTP-Referer})
 * @param openRouterTitle   the application's name there ({@code X-OpenRouter-Title})
 */
public record ProviderHeaders(String openRouterReferer, String openRouterTitle) {
}
