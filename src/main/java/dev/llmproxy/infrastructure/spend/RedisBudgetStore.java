package dev.llmproxy.infrastructure.spend;

import dev.llmproxy.domain.spend.Budget;
import dev.llmproxy.domain.spend.BudgetDecision;
import dev.llmproxy.domain.spend.BudgetStore;
import dev.llmproxy.domain.spend.BudgetUse;
import dev.llmproxy.domain.spend.Charge;
import io.lettuce.core.ScanArgs;
import io.lettuce.core.ScanIterator;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.api.sync.RedisCommands;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * Budget reservations in Redis or Valkey: one hash per budget and period (used and reserved, in dollars and tokens, and
 * what each run of each instance holds), checked and reserved against every budget of a request by one script, all or
 * nothing. A period's hash is created from the database's settled total the first time it is met (and again after
 * Redis restarts empty), and expires a day after the period ends. The database keeps the durable totals: every
 * settlement is written there too.
 */
public final class RedisBudgetStore implements SharedBudgetStore {

    static final String KEYS = "budget:";
    static final String HOLD_KEYS = "budget-holds:";
    /** Dollars as whole units of the smallest amount a charge counts, so that Redis adds them exactly. */
    private static final int SCALE = dev.llmproxy.domain.spend.Cost.SCALE;

    private final Supplier<RedisCommands<String, String>> redis;
    private final Supplier<? extends BudgetStore> durable;
    private final Holder holder;
    private final String rowKeys;
    private final String holds;

    /**
     * @param durable the database's store, whose settled totals a period's hash starts from (found at first use)
     * @param prefix  the deployment's prefix of every key ({@code PROXY_REDIS_PREFIX})
     */
    public RedisBudgetStore(Supplier<RedisCommands<String, String>> redis, Supplier<? extends BudgetStore> durable,
            Holder holder, String prefix) {
        this.redis = redis;
        this.rowKeys = prefix + KEYS;
        this.holds = prefix + HOLD_KEYS;
        this.durable = durable;
        this.holder = holder;
    }

    @Override
    public BudgetDecision reserve(List<Budget> budgets, Charge charge, Instant now) {
        List<Budget> sorted = BudgetRows.sorted(budgets, now);
        String[] keys = new String[sorted.size() + 1];
        String[] args = new String[4 + 2 * sorted.size()];
        long lasts = 0;
        for (int i = 0; i < sorted.size(); i++) {
            Budget b = sorted.get(i);
            keys[i] = rowKeys + b.rowKey(now);
            args[4 + 2 * i] = b.maxUsd() == null ? "-" : units(b.maxUsd());
            args[5 + 2 * i] = b.maxTokens() == null ? "-" : Long.toString(b.maxTokens());
            lasts = Math.max(lasts, lasts(b, now));
        }
        keys[sorted.size()] = holds + run(holder);
        args[0] = units(charge.usd());
        args[1] = Long.toString(charge.tokens());
        args[2] = run(holder);
        args[3] = Long.toString(lasts);
        for (int seeded = 0; ; seeded++) {
            List<Object> answer = RedisBudgetScripts.RESERVE.run(redis.get(), ScriptOutputType.MULTI, keys, args);
            int i = (int) number(answer.get(0));
            if (i == 0) {
                return BudgetDecision.RESERVED;
            }
            if (i > 0) {
                return new BudgetDecision.Refused(sorted.get(i - 1), use(answer, 1).counted());
            }
            if (seeded == 2) {
                throw new IllegalStateException("budget periods in Redis keep disappearing: is it evicting keys?");
            }
            seed(sorted, now);
        }
    }

    /** Creates the periods' hashes that are missing, from what the database says each has used. */
    private void seed(List<Budget> budgets, Instant now) {
        Map<String, BudgetUse> saved = durable.get().use(budgets, now);
        String[] keys = new String[budgets.size()];
        String[] args = new String[3 * budgets.size()];
        for (int i = 0; i < budgets.size(); i++) {
            Budget b = budgets.get(i);
            // only the settled use: what the database shows reserved was held by runs that are gone
            Charge used = saved.getOrDefault(b.name(), BudgetUse.NONE).used();
            keys[i] = rowKeys + b.rowKey(now);
            args[3 * i] = units(used.usd());
            args[3 * i + 1] = Long.toString(used.tokens());
            args[3 * i + 2] = Long.toString(lasts(b, now));
        }
        RedisBudgetScripts.SEED.run(redis.get(), ScriptOutputType.INTEGER, keys, args);
    }

    @Override
    public void settle(List<Budget> budgets, Charge reserved, Charge actual, Instant reservedAt) {
        settle(List.of(new Settlement(budgets, reserved, actual, reservedAt)));
    }

    @Override
    public void settle(List<Settlement> settlements) {
        List<Settlement.RowDelta> rows = List.copyOf(Settlement.byRow(settlements).values());
        if (rows.isEmpty()) {
            return;
        }
        String[] keys = new String[rows.size()];
        String[] args = new String[1 + 4 * rows.size()];
        args[0] = run(holder);
        for (int i = 0; i < rows.size(); i++) {
            Settlement.RowDelta r = rows.get(i);
            keys[i] = rowKeys + r.rowKey();
            args[1 + 4 * i] = units(r.released().usd());
            args[2 + 4 * i] = Long.toString(r.released().tokens());
            args[3 + 4 * i] = units(r.used().usd());
            args[4 + 4 * i] = Long.toString(r.used().tokens());
        }
        RedisBudgetScripts.SETTLE.run(redis.get(), ScriptOutputType.INTEGER, keys, args);
    }

    @Override
    public Map<String, BudgetUse> use(List<Budget> budgets, Instant now) {
        String[] keys = budgets.stream().map(b -> rowKeys + b.rowKey(now)).toArray(String[]::new);
        List<Object> answer = RedisBudgetScripts.READ.run(redis.get(), ScriptOutputType.MULTI, keys);
        Map<String, BudgetUse> out = new LinkedHashMap<>();
        List<Budget> unseeded = new ArrayList<>();
        for (int i = 0; i < budgets.size(); i++) {
            if (number(answer.get(5 * i)) == 1) {
                out.put(budgets.get(i).name(), use(answer, 5 * i + 1));
            } else {
                unseeded.add(budgets.get(i));
            }
        }
        if (!unseeded.isEmpty()) {
            durable.get().use(unseeded, now).forEach((name, u) -> out.put(name, new BudgetUse(u.used(), Charge.ZERO)));
        }
        return out;
    }

    @Override
    public List<Holder> releaseGone(Predicate<String> alive) {
        RedisCommands<String, String> commands = redis.get();
        List<Holder> gone = new ArrayList<>();
        ScanIterator<String> sets = ScanIterator.scan(commands, ScanArgs.Builder.matches(holds + "*").limit(200));
        while (sets.hasNext()) {
            String key = sets.next();
            String run = key.substring(holds.length());
            int bar = run.lastIndexOf('|');
            Holder h = new Holder(run.substring(0, bar), run.substring(bar + 1));
            boolean earlierRun = h.instanceId().equals(holder.instanceId()) && !h.life().equals(holder.life());
            if (earlierRun || (!h.instanceId().equals(holder.instanceId()) && !alive.test(h.instanceId()))) {
                RedisBudgetScripts.RELEASE.run(commands, ScriptOutputType.INTEGER, new String[] {key}, run);
                gone.add(h);
            }
        }
        return gone;
    }

    private static BudgetUse use(List<Object> answer, int from) {
        return new BudgetUse(charge(answer.get(from), answer.get(from + 1)),
                charge(answer.get(from + 2), answer.get(from + 3)));
    }

    private static Charge charge(Object usdUnits, Object tokens) {
        return new Charge(new java.math.BigDecimal(new java.math.BigInteger(String.valueOf(usdUnits)), SCALE)
                .max(java.math.BigDecimal.ZERO), Math.max(0, number(tokens)));
    }

    private static long number(Object o) {
        return o instanceof Long l ? l : Long.parseLong(String.valueOf(o));
    }

    private static String units(java.math.BigDecimal usd) {
        return usd.setScale(SCALE, java.math.RoundingMode.UP).unscaledValue().toString();
    }

    /** How long a period's hash is kept from now (ms, by the proxy's clock): until a day after the period ends. */
    private static long lasts(Budget b, Instant now) {
        return Math.max(1, b.period().end(now).plus(BudgetRows.KEPT_AFTER_END).toEpochMilli() - now.toEpochMilli());
    }

    private static String run(Holder h) {
        return h.instanceId() + "|" + h.life();
    }
}
