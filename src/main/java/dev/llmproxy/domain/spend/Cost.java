package dev.llmproxy.domain.spend;

import dev.llmproxy.domain.catalog.AllowedModel;
import dev.llmproxy.domain.upstream.TokenUsage;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * What an answer cost in US dollars: the answering model's prices (per million tokens, from the allowlist at the
 * time) times the tokens it used. Completion tokens include a model's reasoning tokens, which providers bill as
 * output. Prompt tokens the provider served from its cache cost the model's cached input price where the allowlist
 * has one. Exact decimal arithmetic, never floating point; ten decimal places (a ten-thousandth of a micro-dollar).
 */
public final class Cost {

    public static final int SCALE = 10;

    private Cost() {
    }

    /** @return the cost, zero for a model marked free, or null when the usage or a price it needs is not known */
    public static BigDecimal of(AllowedModel model, TokenUsage usage) {
        if (model.free()) {
            return BigDecimal.ZERO.setScale(SCALE);
        }
        if (usage == null || (usage.promptTokens() == null && usage.completionTokens() == null)) {
            return null;
        }
        BigDecimal input = input(model, usage);
        BigDecimal output = part(usage.completionTokens(), model.outputCostPerMTok());
        return input == null || output == null ? null : input.add(output).setScale(SCALE, RoundingMode.HALF_UP);
    }

    /**
     * The prompt: the part read from the provider's cache at the cached price and the part written to it at the
     * cache-write price, where the allowlist has those prices; the rest (and any part without its own price) at the
     * input price.
     */
    private static BigDecimal input(AllowedModel model, TokenUsage usage) {
        Integer prompt = usage.promptTokens();
        if (prompt == null) {
            return BigDecimal.ZERO;
        }
        int read = priced(usage.cachedPromptTokens(), model.cachedInputCostPerMTok(), prompt);
        int written = priced(usage.cacheWriteTokens(), model.cacheWriteCostPerMTok(), prompt - read);
        BigDecimal fresh = part(prompt - read - written, model.inputCostPerMTok());
        return fresh == null ? null : fresh.add(part(read, model.cachedInputCostPerMTok()))
                .add(part(written, model.cacheWriteCostPerMTok()));
    }

    /** The tokens billed at their own price: none when the price or the count is not known, never more than left. */
    private static int priced(Integer tokens, BigDecimal price, int left) {
        return tokens == null || tokens <= 0 || price == null ? 0 : Math.min(tokens, Math.max(0, left));
    }

    /** Tokens at a price per million: zero for no tokens, null for tokens without a price. */
    private static BigDecimal part(Integer tokens, BigDecimal perMillion) {
        if (tokens == null || tokens == 0) {
            return BigDecimal.ZERO;
        }
        return perMillion == null ? null : perMillion.multiply(BigDecimal.valueOf(tokens)).movePointLeft(6);
    }
}
