package dev.llmproxy.interfaces.console;

import java.util.ArrayList;
import java.util.List;

/**
 * A line diff of two configuration documents (longest common subsequence), with long unchanged stretches folded to
 * a few lines of context. Pure: unit-tested.
 */
public final class LineDiff {

    /** Lines beyond this are not compared line by line (a config document is far smaller). */
    static final int MAX_LINES = 5_000;
    static final int CONTEXT = 3;

    /** {@code kind}: ' ' unchanged, '+' added, '-' removed, '~' a fold of unchanged lines. */
    public record Line(char kind, String text) {
        /** The CSS class the diff page gives the line. */
        public String css() {
            return switch (kind) {
                case '+' -> "add";
                case '-' -> "del";
                case '~' -> "fold";
                default -> "same";
            };
        }

        /** The line as shown: its mark, then its text. */
        public String display() {
            return (kind == '~' ? "… " : kind + " ") + text;
        }
    }

    private LineDiff() {
    }

    public static List<Line> of(String before, String after) {
        String[] a = before.split("\n", -1);
        String[] b = after.split("\n", -1);
        if (a.length > MAX_LINES || b.length > MAX_LINES) {
            return List.of(new Line('~', "The documents are too long to compare line by line."));
        }
        int[][] lcs = new int[a.length + 1][b.length + 1];
        for (int i = a.length - 1; i >= 0; i--) {
            for (int j = b.length - 1; j >= 0; j--) {
                lcs[i][j] = a[i].equals(b[j]) ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
            }
        }
        List<Line> all = new ArrayList<>();
        int i = 0;
        int j = 0;
        while (i < a.length || j < b.length) {
            if (i < a.length && j < b.length && a[i].equals(b[j])) {
                all.add(new Line(' ', a[i++]));
                j++;
            } else if (i < a.length && (j == b.length || lcs[i + 1][j] >= lcs[i][j + 1])) {
                all.add(new Line('-', a[i++])); // a removal reads before what replaced it
            } else {
                all.add(new Line('+', b[j++]));
            }
        }
        return fold(all);
    }

    /** Keeps {@value #CONTEXT} unchanged lines around each change; the rest become one fold line. */
    static List<Line> fold(List<Line> all) {
        List<Line> out = new ArrayList<>();
        int n = all.size();
        boolean[] keep = new boolean[n];
        for (int k = 0; k < n; k++) {
            if (all.get(k).kind() != ' ') {
                for (int c = Math.max(0, k - CONTEXT); c <= Math.min(n - 1, k + CONTEXT); c++) {
                    keep[c] = true;
                }
            }
        }
        int folded = 0;
        for (int k = 0; k < n; k++) {
            if (keep[k]) {
                if (folded > 0) {
                    out.add(new Line('~', folded + " unchanged line" + (folded == 1 ? "" : "s")));
                    folded = 0;
                }
                out.add(all.get(k));
            } else {
                folded++;
            }
        }
        if (folded > 0) {
            out.add(new Line('~', folded + " unchanged line" + (folded == 1 ? "" : "s")));
        }
        return out;
    }
}
