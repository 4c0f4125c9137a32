package dev.llmproxy.interfaces.console;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

class LineDiffTest {

    private static String lines(int from, int to) {
        return IntStream.rangeClosed(from, to).mapToObj(i -> "line " + i).collect(Collectors.joining("\n"));
    }

    @Test
    void showsChangesWithContextAndFoldsTheRest() {
        String before = lines(1, 20);
        String after = before.replace("line 10", "line ten").replace("line 20", "line 20\nline 21");
        List<LineDiff.Line> diff = LineDiff.of(before, after);
        assertThat(diff.stream().map(LineDiff.Line::display).toList()).containsExactly(
                "… 6 unchanged lines",
                "  line 7", "  line 8", "  line 9", "- line 10", "+ line ten", "  line 11", "  line 12", "  line 13",
                "… 4 unchanged lines",
                "  line 18", "  line 19", "  line 20", "+ line 21");
        assertThat(diff.get(4).css()).isEqualTo("del");
        assertThat(diff.get(5).css()).isEqualTo("add");
    }

    @Test
    void identicalDocumentsHaveNoChangedLine() {
        assertThat(LineDiff.of(lines(1, 50), lines(1, 50))).allMatch(l -> l.kind() == '~' || l.kind() == ' ');
    }
}
