package dev.llmproxy.interfaces.console;

import dev.llmproxy.application.access.ApiKeys;
import dev.llmproxy.application.spend.BudgetBoard;
import dev.llmproxy.domain.keys.ApiKey;
import dev.llmproxy.domain.spend.BudgetLimits;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.io.IOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** One API key: what it may do, its budgets and how much of them is used, and the form for its own budget. */
@ApplicationScoped
public class KeyPage {

    private final ApiKeys keys;
    private final BudgetBoard board;

    @Inject
    KeyPage(ApiKeys keys, BudgetBoard board) {
        this.keys = keys;
        this.board = board;
    }

    /** For the container's client proxy. */
    protected KeyPage() {
        this(null, null);
    }

    void show(ConsoleRequest r, String id) throws IOException {
        Optional<ApiKey> key = find(id);
        if (key.isEmpty()) {
            r.error(404, "Not found", "No API key has this id.");
            return;
        }
        Map<String, String> values = new HashMap<>();
        key.get().budget().toPlain().forEach((f, v) -> values.put(f, v instanceof BigDecimal d
                ? d.stripTrailingZeros().toPlainString() : String.valueOf(v)));
        render(r, key.get(), List.of(), values);
    }

    void setBudget(ConsoleRequest r, String id) throws IOException {
        Optional<ApiKey> key = find(id);
        if (key.isEmpty()) {
            r.error(404, "Not found", "No API key has this id.");
            return;
        }
        Map<String, String> values = new HashMap<>();
        Map<String, Object> plain = new LinkedHashMap<>();
        List<String> problems = new ArrayList<>();
        for (String f : BudgetLimits.FIELDS) {
            String text = r.param(f) == null ? "" : r.param(f).trim();
            values.put(f, text);
            if (!text.isEmpty()) {
                try {
                    plain.put(f, new BigDecimal(text));
                } catch (NumberFormatException e) {
                    problems.add(f + ": must be a number (was " + text + ")");
                }
            }
        }
        BudgetLimits limits = BudgetLimits.fromPlain(plain, (f, rule) -> problems.add(f + ": " + rule));
        if (!problems.isEmpty()) {
            r.res().setStatus(400);
            render(r, key.get(), problems, values);
            return;
        }
        keys.setBudget(id, limits, r.user());
        r.redirect("/keys/" + id);
    }

    private Optional<ApiKey> find(String id) {
        return keys.list().stream().filter(k -> k.id().equals(id)).findFirst();
    }

    private void render(ConsoleRequest r, ApiKey key, List<String> problems, Map<String, String> values)
            throws IOException {
        Map<String, Object> model = new HashMap<>();
        model.put("key", KeysPage.KeyRow.of(key));
        model.put("budgets", BudgetRow.of(board.of(key)));
        model.put("ownBudget", !key.budget().isEmpty());
        model.put("problems", problems);
        model.put("values", values);
        model.put("fields", BudgetLimits.FIELDS);
        r.render("key", "keys", model);
    }
}
