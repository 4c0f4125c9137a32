package dev.llmproxy.interfaces.console;

import dev.llmproxy.domain.log.FrontDoor;
import dev.llmproxy.domain.replay.Reuse;
import dev.llmproxy.domain.log.RequestRecord;
import dev.llmproxy.domain.routing.AttemptRecord;

import java.math.BigDecimal;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** Request-log view models, keyset cursors and CSV rows. Pure: unit-tested. */
public final class RequestRows {

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS").withZone(ZoneOffset.UTC);
    /** How the console names each front door: by the endpoint callers use. */
    private static final Map<Reuse.Kind, String> REUSES = Map.of(
            Reuse.Kind.REPLAY, "the answer kept for the same Idempotency-Key, given again",
            Reuse.Kind.FRESH, "a fresh answer to the same request, given again (the tier's max age)",
            Reuse.Kind.STALE, "an earlier answer to the same request, given in place of the error every model failed"
                    + " with (the tier's stale-if-error)");
    private static final Map<FrontDoor, String> FRONT_DOORS = Map.of(
            FrontDoor.CHAT, "chat completions (/v1/chat/completions)",
            FrontDoor.MESSAGES, "Anthropic Messages (/v1/messages)",
            FrontDoor.RESPONSES, "OpenAI Responses (/v1/responses)",
            FrontDoor.EMBEDDINGS, "embeddings (/v1/embeddings)");
    static final String CSV_HEADER = "request_id,received_at_utc,tier,requested_model,answering_model,fallback,status,"
            + "error_code,latency_ms,prompt_tokens,completion_tokens,saw_429,stream,attempts,client_hash,key_id,scope,"
            + "rate_limit_hit,cost_usd,refusals,last_refused_at,front_door\r\n";
    private static final List<String> FIELDS = List.of("from", "to", "status", "tier", "model", "fallback", "saw429",
            "requestId", "client", "key", "minCost");

    private RequestRows() {
    }

    public record Row(String id, String time, String tier, String model, String answeredBy, boolean fallback,
                      int status, String error, long latencyMs, boolean saw429, int attempts, String client,
                      boolean local, String cost, String repeats) {
    }

    public record Attempt(String model, String outcome, String status, long latencyMs, String reason, String cost) {
    }

    public record Detail(Row row, String requestedModel, String finishReason, String tokens, boolean stream,
                         String keyId, String scope, String limits, String limitHit, String limiter,
                         String prompt, List<Attempt> attempts, String cost, String refusals, String frontDoor,
                         String reusedFrom, String reusedAs) {
    }

    static Row row(RequestRecord r) {
        // A router names its pick: auditors see both the allowlisted model and the model that really answered.
        String answeredBy = r.answeredAs() == null ? r.answeringModel() : r.answeringModel() + " (as " + r.answeredAs() + ")";
        return new Row(r.requestId(), TIME.format(r.receivedAt()), r.tier(), r.requestedModel(), answeredBy,
                r.fallback(), r.status(), r.errorCode(), r.latencyMs(), r.saw429(),
                (int) r.attempts().stream().filter(a -> !a.outcome().skipped()).count(), r.caller().clientHash(),
                r.answeredLocally(), r.costUsd() == null ? "" : "$" + usd(r.costUsd()),
                r.caller().refusals() == null ? "" : " \u00d7" + r.caller().refusals());
    }

    static Detail detail(RequestRecord r) {
        List<Attempt> attempts = new ArrayList<>();
        for (AttemptRecord a : r.attempts()) {
            attempts.add(new Attempt(a.model(), a.outcome().name(), a.status() == null ? "" : a.status().toString(),
                    a.latency().toMillis(), a.reason(), !a.billed() ? "" : a.costUsd() == null
                    ? a.tokens() + " tokens, no price" : "$" + usd(a.costUsd()) + " (" + a.tokens() + " tokens)"));
        }
        String tokens = r.totalTokens() == null ? "" : r.promptTokens() + " + " + r.completionTokens() + " = " + r.totalTokens();
        return new Detail(row(r), r.requestedModel(), r.finishReason(), tokens, r.stream(), r.caller().keyId(),
                r.caller().scope(), r.caller().limits(), r.caller().limitHit(), r.caller().limiter(), r.promptExcerpt(),
                attempts, r.costUsd() == null ? "unknown (no price or no usage)" : "$" + usd(r.costUsd()),
                r.caller().refusals() == null ? null : r.caller().refusals() + " requests refused while the window "
                        + "was known to be full, from " + TIME.format(r.receivedAt()) + " to "
                        + TIME.format(r.caller().lastRefusedAt()),
                r.frontDoor() == null ? "any (a run of refusals)" : FRONT_DOORS.get(r.frontDoor()),
                r.reuse() == null ? null : r.reuse().original(), r.reuse() == null ? null : REUSES.get(r.reuse().kind()));
    }

    /** The filter form's current values, for re-display. */
    static Map<String, String> form(ConsoleRequest r) {
        Map<String, String> form = new LinkedHashMap<>();
        FIELDS.forEach(f -> form.put(f, r.param(f) == null ? "" : r.param(f)));
        return form;
    }

    /** The query string of the current filter, with a cursor if given. */
    static String query(ConsoleRequest r, String before) {
        String q = FIELDS.stream().filter(f -> r.param(f) != null)
                .map(f -> f + "=" + URLEncoder.encode(r.param(f), StandardCharsets.UTF_8))
                .collect(Collectors.joining("&"));
        if (before != null) {
            q = q + (q.isEmpty() ? "" : "&") + "before=" + before;
        }
        return q;
    }

    /** Dollars as plain digits, without trailing zeros (0.0000585, 0). */
    static String usd(BigDecimal usd) {
        return usd == null ? "" : usd.signum() == 0 ? "0" : usd.stripTrailingZeros().toPlainString();
    }

    static String csv(RequestRecord r) {
        List<String> cells = List.of(r.requestId(), TIME.format(r.receivedAt()), n(r.tier()), n(r.requestedModel()),
                n(r.answeringModel()), Boolean.toString(r.fallback()), Integer.toString(r.status()), n(r.errorCode()),
                Long.toString(r.latencyMs()), n(r.promptTokens()), n(r.completionTokens()), Boolean.toString(r.saw429()),
                Boolean.toString(r.stream()), r.attempts().stream().map(a -> a.model() + ":" + a.outcome())
                        .collect(Collectors.joining(" ")), n(r.caller().clientHash()), n(r.caller().keyId()),
                n(r.caller().scope()), n(r.caller().limitHit()), usd(r.costUsd()), n(r.caller().refusals()),
                r.caller().lastRefusedAt() == null ? "" : TIME.format(r.caller().lastRefusedAt()),
                r.frontDoor() == null ? "" : r.frontDoor().wireName());
        return cells.stream().map(RequestRows::cell).collect(Collectors.joining(",")) + "\r\n";
    }

    /**
     * One CSV cell: quoted when it holds a separator, a quote or a line break. A cell whose first character other
     * than white space is =, +, - or @ (or that starts with a tab or a carriage return) is defused with a leading
     * quote, so that a spreadsheet does not run a client-chosen model name as a formula: spreadsheets skip leading
     * spaces and line feeds before they look for one.
     */
    static String cell(String value) {
        String v = value;
        int first = 0;
        while (first < v.length() && " \t\r\n".indexOf(v.charAt(first)) >= 0) {
            first++;
        }
        if (!v.isEmpty() && ("\t\r".indexOf(v.charAt(0)) >= 0
                || (first < v.length() && "=+-@".indexOf(v.charAt(first)) >= 0))) {
            v = "'" + v;
        }
        if (v.contains(",") || v.contains("\"") || v.contains("\n") || v.contains("\r")) {
            v = "\"" + v.replace("\"", "\"\"") + "\"";
        }
        return v;
    }

    private static String n(Object o) {
        return o == null ? "" : o.toString();
    }
}
