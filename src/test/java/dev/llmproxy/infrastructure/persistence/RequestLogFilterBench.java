package dev.llmproxy.infrastructure.persistence;

import dev.llmproxy.domain.failure.Outcome;
import dev.llmproxy.domain.log.CallerRecord;
import dev.llmproxy.domain.log.FrontDoor;
import dev.llmproxy.domain.log.RequestLogFilter;
import dev.llmproxy.domain.log.RequestLogRepository;
import dev.llmproxy.domain.log.RequestRecord;
import dev.llmproxy.domain.routing.AttemptRecord;
import dev.llmproxy.testing.PostgresDatabases;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.Persistence;
import org.h2.jdbcx.JdbcDataSource;
import org.postgresql.ds.PGSimpleDataSource;

import javax.sql.DataSource;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Supplier;

/**
 * Seeds a request log of a million rows (thirty days of a busy gateway: skewed tiers, models, keys and statuses) and
 * times what the console asks of it: each request-log filter's first page (and a later page) through the same JPA
 * query the console runs, the dashboard's last hour and the spend of today and of the month. Prints p50, p95 and max
 * per query. Run by {@code bench/log-filters.sh}; never part of the tests.
 */
public final class RequestLogFilterBench {

    private static final Instant NOW = Instant.now().truncatedTo(ChronoUnit.SECONDS);
    private static final String[] TIERS = {"default", "default", "default", "smart", "smart", "fast", "cheap", "batch"};
    private static final String[] MODELS = {"gpt-4.1-mini", "gpt-4.1", "claude-sonnet-4-5", "gemini-2.5-flash",
            "gemini-2.5-pro", "llama-3.3-70b", "mistral-large", "qwen3-32b", "deepseek-v3", "gpt-5", "o4-mini",
            "rarely-used-model"};
    private static final int[] STATUSES = {200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200,
            200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200,
            200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 429, 502, 504, 400, 200, 200};
    private static final int KEYS = 500;
    private static final int CLIENTS = 5_000;

    private RequestLogFilterBench() {
    }

    public static void main(String[] args) throws Exception {
        String database = args.length > 0 ? args[0] : "h2";
        int rows = args.length > 1 ? Integer.parseInt(args[1]) : 1_000_000;
        int runs = args.length > 2 ? Integer.parseInt(args[2]) : 20;
        DataSource ds = database.equals("h2") ? h2() : postgres();
        // the server's pool keeps the database open; without it, H2 would reopen its file for every query
        Connection open = ds.getConnection();
        new SchemaMigrations(ds).migrate();
        seed(ds, rows);

        Map<String, Object> unit = new LinkedHashMap<>();
        unit.put("jakarta.persistence.transactionType", "RESOURCE_LOCAL");
        unit.put("jakarta.persistence.jtaDataSource", "");
        unit.put("jakarta.persistence.nonJtaDataSource", ds);
        unit.put("eclipselink.target-server", "None");
        EntityManagerFactory emf = Persistence.createEntityManagerFactory("proxy", unit);
        JpaRequestLogRepository log = new JpaRequestLogRepository();
        log.em = emf.createEntityManager();
        log.dataSource = ds;

        String someId = log.page(50, null).get(7).requestId();
        System.out.printf("%-44s %9s %9s %9s %6s%n", "query (" + database + ", " + rows + " rows)", "p50 ms", "p95 ms",
                "max ms", "rows");
        for (Map.Entry<String, RequestLogFilter> f : filters(someId).entrySet()) {
            time(f.getKey(), runs, () -> log.page(f.getValue(), 51, null).size());
        }
        time("no filter, 5th page", runs, () -> {
            RequestLogRepository.Cursor cursor = null;
            int n = 0;
            for (int page = 0; page < 5; page++) {
                List<RequestRecord> p = log.page(RequestLogFilter.NONE, 50, cursor);
                RequestRecord last = p.get(p.size() - 1);
                cursor = RequestLogRepository.Cursor.after(last);
                n = p.size();
            }
            return n;
        });
        time("find one request", runs, () -> log.find(someId).isPresent() ? 1 : 0);
        time("dashboard: last hour in 12 slices", runs, () -> log.summary(NOW.minus(Duration.ofHours(1)), NOW, 12)
                .byModel().size());
        time("spend: today", runs, () -> log.spend(NOW.truncatedTo(ChronoUnit.DAYS), NOW).byKey().size());
        time("spend: last 30 days", runs, () -> log.spend(NOW.minus(Duration.ofDays(30)), NOW).byKey().size());
        emf.close();
        open.close();
    }

    private static Map<String, RequestLogFilter> filters(String someId) {
        Map<String, RequestLogFilter> f = new LinkedHashMap<>();
        f.put("no filter (the default page)", RequestLogFilter.NONE);
        f.put("status 502 (2 %)", filter(502, null, null, false, false, null, null, null, null));
        f.put("status 418 (none: the whole log)", filter(418, null, null, false, false, null, null, null, null));
        f.put("tier smart", filter(null, "smart", null, false, false, null, null, null, null));
        f.put("model claude-sonnet-4-5", filter(null, null, "claude-sonnet-4-5", false, false, null, null, null, null));
        f.put("model rarely-used-model (0.1 %)", filter(null, null, "rarely-used-model", false, false, null, null,
                null, null));
        f.put("fallback only", filter(null, null, null, true, false, null, null, null, null));
        f.put("saw a 429 only", filter(null, null, null, false, true, null, null, null, null));
        f.put("one request id", filter(null, null, null, false, false, someId, null, null, null));
        f.put("one client", filter(null, null, null, false, false, null, client(4_321), null, null));
        f.put("a busy key", filter(null, null, null, false, false, null, null, key(0), null));
        f.put("a quiet key", filter(null, null, null, false, false, null, null, key(KEYS - 1), null));
        f.put("cost at least $0.99 (rare)", filter(null, null, null, false, false, null, null, null,
                new BigDecimal("0.99")));
        f.put("last 24 h, status 504, tier default", new RequestLogFilter(NOW.minus(Duration.ofDays(1)), NOW, 504,
                "default", null, false, false, null, null, null, null));
        f.put("a day 3 weeks ago", new RequestLogFilter(NOW.minus(Duration.ofDays(22)), NOW.minus(Duration.ofDays(21)),
                null, null, null, false, false, null, null, null, null));
        return f;
    }

    private static RequestLogFilter filter(Integer status, String tier, String model, boolean fallback, boolean saw429,
                                           String id, String client, String key, BigDecimal minCost) {
        return new RequestLogFilter(null, null, status, tier, model, fallback, saw429, id, client, key, minCost);
    }

    /** Slow queries (a scan of the whole log) are timed over a few runs only: each takes seconds. */
    private static void time(String name, int runs, Supplier<Integer> query) {
        long first = System.nanoTime();
        int found = query.get();
        if (System.nanoTime() - first < 2_000_000_000L) {
            query.get();
            query.get();
        } else {
            runs = Math.min(runs, 3);
        }
        long[] ms = new long[runs];
        for (int i = 0; i < runs; i++) {
            long start = System.nanoTime();
            query.get();
            ms[i] = (System.nanoTime() - start) / 1_000_000;
        }
        Arrays.sort(ms);
        System.out.printf("%-44s %9d %9d %9d %6d%n", name, ms[runs / 2], ms[(int) Math.ceil(runs * 0.95) - 1],
                ms[runs - 1], found);
    }

    private static void seed(DataSource ds, int rows) throws Exception {
        try (Connection c = ds.getConnection(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM request_log")) {
            rs.next();
            if (rs.getLong(1) >= rows) {
                System.out.println("log already holds " + rs.getLong(1) + " rows");
                return;
            }
        }
        SplittableRandom random = new SplittableRandom(42);
        long span = Duration.ofDays(30).toMillis();
        long start = System.nanoTime();
        try (Connection c = ds.getConnection()) {
            c.setAutoCommit(false);
            List<RequestRecord> batch = new ArrayList<>();
            for (int i = 0; i < rows; i++) {
                batch.add(row(random, "bench-" + i, NOW.minusMillis(random.nextLong(span))));
                if (batch.size() == 5_000) {
                    RequestLogInserts.insert(c, batch);
                    c.commit();
                    batch.clear();
                }
            }
            RequestLogInserts.insert(c, batch);
            c.commit();
        }
        try (Connection c = ds.getConnection(); Statement s = c.createStatement()) {
            if (!c.getMetaData().getDatabaseProductName().startsWith("H2")) {
                s.execute("ANALYZE request_log");
            }
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        System.out.printf("seeded %d rows in %.0f s (%.0f rows/s)%n", rows, seconds, rows / seconds);
    }

    private static RequestRecord row(SplittableRandom r, String id, Instant at) {
        String tier = r.nextInt(10) == 0 ? null : TIERS[r.nextInt(TIERS.length)];
        String model = r.nextInt(1_000) == 0 ? MODELS[MODELS.length - 1] : MODELS[r.nextInt(MODELS.length - 1)];
        int status = STATUSES[r.nextInt(STATUSES.length)];
        boolean fallback = status == 200 && r.nextInt(20) == 0;
        List<AttemptRecord> attempts = fallback || status != 200
                ? List.of(new AttemptRecord("gpt-4.1", Outcome.SERVER_ERROR, 503, Duration.ofMillis(80),
                        "upstream answered 503"), new AttemptRecord(model, status == 200 ? Outcome.SUCCESS
                        : Outcome.SERVER_ERROR, status, Duration.ofMillis(400), null, 900, new BigDecimal("0.0009")))
                : List.of();
        int key = (int) Math.min(KEYS - 1, Math.abs(r.nextGaussian()) * KEYS / 6);
        BigDecimal cost = r.nextInt(10) == 0 ? null
                : BigDecimal.valueOf(r.nextInt(r.nextInt(10_000) == 0 ? 2_000_000 : 50_000), 6);
        return RequestRecord.of(id, at).asked(tier, tier == null ? model : tier)
                .answeredBy(status == 200 ? model : null, fallback).cost(status == 200 ? cost : null)
                .via(FrontDoor.named("chat")).status(status, status == 200 ? null : "upstream_error")
                .latencyMs(200 + r.nextInt(3_000)).usage(400, 120, 520).finished("stop", false)
                .saw429(status == 429 || r.nextInt(50) == 0).stream(r.nextBoolean(), null).attempts(attempts)
                .queueWaitMs(0L)
                .caller(new CallerRecord(client(r.nextInt(CLIENTS)), r.nextInt(5) == 0 ? null : key(key), "chat",
                        "60/min", null, "memory", null, null), "Summarise the following text in three sentences: "
                        + "the quarterly report shows revenue up four percent on the year...")
                .build();
    }

    private static String client(int n) {
        return String.format("%064x", n);
    }

    private static String key(int n) {
        return "key-" + n;
    }

    private static DataSource h2() throws Exception {
        Path dir = Path.of("target", "log-bench");
        Files.createDirectories(dir);
        JdbcDataSource h2 = new JdbcDataSource();
        h2.setURL("jdbc:h2:file:" + dir.toAbsolutePath().resolve("proxy") + ";DB_CLOSE_ON_EXIT=FALSE");
        return h2;
    }

    private static DataSource postgres() throws Exception {
        String name = "llmproxy_log_bench";
        PGSimpleDataSource pg = new PGSimpleDataSource();
        pg.setURL(PostgresDatabases.url(name, 5432));
        pg.setUser(PostgresDatabases.USER);
        try (Connection kept = pg.getConnection()) {
            return pg; // seeded by an earlier run, or to be
        } catch (java.sql.SQLException missing) {
            PostgresDatabases.recreate(name);
            return pg;
        }
    }
}
