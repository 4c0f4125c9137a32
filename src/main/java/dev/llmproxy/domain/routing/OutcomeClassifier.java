package dev.llmproxy.domain.routing;

import dev.llmproxy.domain.answer.Finish;
import dev.llmproxy.domain.config.OutcomeRules;
import dev.llmproxy.domain.failure.Outcome;
import dev.llmproxy.domain.failure.StreamBreak;
import dev.llmproxy.domain.failure.Verdict;
import dev.llmproxy.domain.upstream.UpstreamReply;

import java.util.List;
import java.util.Locale;

/** The outcome table (docs/routing.md); every list and policy in it comes from the runtime settings. */
public final class OutcomeClassifier {

    private OutcomeClassifier() {
    }

    public static Verdict classify(UpstreamReply reply, OutcomeRules rules) {
        if (reply instanceof UpstreamReply.Completed c) {
            if (c.finish() != null && c.finish().refused()) {
                return refused(rules); // what a filter left of an answer is not the answer
            }
            if (c.finish() != Finish.LENGTH) {
                return new Verdict(Outcome.SUCCESS, Verdict.Action.SUCCEED, false);
            }
            Outcome truncated = c.usage().reasoningTokens() != null && c.usage().reasoningTokens() > 0
                    ? Outcome.OUTPUT_BUDGET_TOO_SMALL : Outcome.TRUNCATED;
            return new Verdict(truncated,
                    rules.retryTruncatedOnNextModel() ? Verdict.Action.NEXT : Verdict.Action.SUCCEED, false);
        }
        if (reply instanceof UpstreamReply.StreamEnded e) {
            // Once content has reached the client nothing can be routed around: a truncated or filtered stream stands.
            return new Verdict(e.finish() == Finish.LENGTH ? Outcome.TRUNCATED
                    : e.finish().refused() ? Outcome.CONTENT_REFUSED : Outcome.SUCCESS,
                    Verdict.Action.SUCCEED, false);
        }
        if (reply instanceof UpstreamReply.StreamBroken b) {
            return b.kind() == StreamBreak.REFUSED ? refused(rules)
                    : new Verdict(Outcome.STREAM_BROKEN, Verdict.Action.NEXT, true);
        }
        if (reply instanceof UpstreamReply.Failed f) {
            return switch (f.kind()) {
                case CONNECT, RESET -> new Verdict(Outcome.CONNECTION_FAILED, Verdict.Action.RETRY_SAME, true);
                case MALFORMED -> new Verdict(Outcome.MALFORMED_RESPONSE, Verdict.Action.RETRY_SAME, true);
                // A silent route is not retried on the same model.
                case TIMEOUT -> new Verdict(Outcome.TIMEOUT, Verdict.Action.NEXT, true);
                case ANSWER_TIMEOUT -> new Verdict(Outcome.TIMEOUT, Verdict.Action.NEXT, false);
                case NO_CREDENTIAL -> new Verdict(Outcome.AUTH_FAILED, Verdict.Action.NEXT, false);
            };
        }
        return classifyStatus((UpstreamReply.HttpError) reply, rules);
    }

    private static Verdict classifyStatus(UpstreamReply.HttpError e, OutcomeRules rules) {
        int status = e.status();
        boolean breaker = rules.breakerFailureStatuses().contains(status);
        if (status == 400) {
            String body = e.bodyExcerpt() == null ? "" : e.bodyExcerpt().toLowerCase(Locale.ROOT);
            if (containsAny(body, rules.contextLengthMarkers())) {
                return new Verdict(Outcome.CONTEXT_LENGTH, Verdict.Action.NEXT, false);
            }
            if (containsAny(body, rules.contentPolicyMarkers())) {
                return refused(rules);
            }
        }
        Outcome outcome = switch (status) {
            case 429 -> Outcome.RATE_LIMITED;
            case 404 -> Outcome.NOT_FOUND;
            case 401, 403 -> Outcome.AUTH_FAILED;
            default -> status >= 500 ? Outcome.SERVER_ERROR : Outcome.CLIENT_ERROR;
        };
        if (rules.sameModelRetryStatuses().contains(status)) {
            return new Verdict(outcome, Verdict.Action.RETRY_SAME, breaker);
        }
        if (rules.nextModelStatuses().contains(status)) {
            return new Verdict(outcome, Verdict.Action.NEXT, breaker);
        }
        return new Verdict(status == 429 ? outcome : Outcome.UNEXPECTED_STATUS, Verdict.Action.STOP, breaker);
    }

    private static Verdict refused(OutcomeRules rules) {
        return new Verdict(Outcome.CONTENT_REFUSED,
                rules.routeAroundContentRefusals() ? Verdict.Action.NEXT : Verdict.Action.STOP, false);
    }

    private static boolean containsAny(String body, List<String> markers) {
        for (String marker : markers) {
            if (body.contains(marker)) {
                return true;
            }
        }
        return false;
    }
}
