package dev.llmproxy.interfaces.console;

import dev.llmproxy.domain.log.RequestLogFilter;
import dev.llmproxy.domain.log.RequestLogRepository;
import dev.llmproxy.domain.log.RequestRecord;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.io.IOException;
import java.io.PrintWriter;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The request log for auditors: filters, keyset pages (fast at any depth), a detail page per request with every
 * attempt, and a CSV export of the filtered rows, streamed page by page.
 */
@ApplicationScoped
public class RequestsPage {

    static final int PAGE = 50;
    private static final int CSV_PAGE = 500;
    /** A bound on one export; narrow the filter for more. */
    static final int CSV_MAX_ROWS = 1_000_000;

    private final RequestLogRepository log;

    @Inject
    RequestsPage(RequestLogRepository log) {
        this.log = log;
    }

    /** For the container's client proxy. */
    protected RequestsPage() {
        this(null);
    }

    void list(ConsoleRequest r) throws IOException {
        RequestLogFilter filter = filterOrError(r);
        if (filter == null) {
            return;
        }
        // a cursor that is not ours starts from the newest page
        RequestLogRepository.Cursor before = r.param("before") == null ? null
                : RequestLogRepository.Cursor.parse(r.param("before")).orElse(null);
        List<RequestRecord> rows = log.page(filter, PAGE + 1, before);
        boolean more = rows.size() > PAGE;
        List<RequestRecord> page = more ? rows.subList(0, PAGE) : rows;
        Map<String, Object> model = new HashMap<>();
        model.put("rows", page.stream().map(RequestRows::row).toList());
        model.put("form", RequestRows.form(r));
        model.put("query", RequestRows.query(r, null));
        model.put("next", more ? RequestRows.query(r, RequestLogRepository.Cursor.after(page.get(page.size() - 1)).token())
                : null);
        r.render("requests", "requests", model);
    }

    void show(ConsoleRequest r, String id) throws IOException {
        RequestRecord record = log.find(id).orElse(null);
        if (record == null) {
            r.error(404, "Not found", "No request with this id is in the log (yet: rows are written within a second).");
            return;
        }
        r.render("request", "requests", Map.of("request", RequestRows.detail(record)));
    }

    void csv(ConsoleRequest r) throws IOException {
        RequestLogFilter filter = filterOrError(r);
        if (filter == null) {
            return;
        }
        r.res().setContentType("text/csv;charset=UTF-8");
        r.res().setHeader("Content-Disposition", "attachment; filename=\"requests.csv\"");
        PrintWriter out = r.res().getWriter();
        out.print(RequestRows.CSV_HEADER);
        RequestLogRepository.Cursor cursor = null;
        int written = 0;
        while (written < CSV_MAX_ROWS) {
            List<RequestRecord> page = log.page(filter, CSV_PAGE, cursor);
            for (RequestRecord rec : page) {
                out.print(RequestRows.csv(rec));
            }
            written += page.size();
            if (page.size() < CSV_PAGE) {
                break;
            }
            cursor = RequestLogRepository.Cursor.after(page.get(page.size() - 1));
            out.flush();
        }
    }

    /** The filter, or null when it is bad (the 400 page has been sent). */
    private static RequestLogFilter filterOrError(ConsoleRequest r) throws IOException {
        try {
            return filter(r);
        } catch (IllegalArgumentException e) {
            r.error(400, "Bad filter", e.getMessage());
            return null;
        }
    }

    /** The filter form's fields; times are UTC ({@code datetime-local}). */
    static RequestLogFilter filter(ConsoleRequest r) {
        Integer status = null;
        if (r.param("status") != null) {
            try {
                status = Integer.valueOf(r.param("status"));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("status: must be an HTTP status such as 429.");
            }
        }
        BigDecimal minCost = null;
        if (r.param("minCost") != null) {
            try {
                minCost = new BigDecimal(r.param("minCost").trim().replace("$", ""));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("minCost: must be an amount in US dollars such as 0.05.");
            }
        }
        return new RequestLogFilter(time(r.param("from"), "from"), time(r.param("to"), "to"), status, r.param("tier"),
                r.param("model"), r.param("fallback") != null, r.param("saw429") != null, r.param("requestId"),
                r.param("client"), r.param("key"), minCost);
    }

    private static Instant time(String text, String field) {
        if (text == null) {
            return null;
        }
        try {
            return LocalDateTime.parse(text).toInstant(ZoneOffset.UTC);
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException(field + ": must be a date and time such as 2026-11-30T14:05 (UTC).");
        }
    }
}
