package org.lexsync.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The document pages' line diff: what it marks, and that it refuses what it cannot compare within its bound. */
class LineDiffTest {
    private static String ops(List<LineDiff.Line> lines) {
        StringBuilder s = new StringBuilder();
        lines.forEach(l -> s.append(l.op().token().charAt(0)));
        return s.toString();
    }

    @Test
    void aChangedLineIsRemovedThenAddedAndTheRestIsKeptWithItsNumbers() {
        List<LineDiff.Line> d = LineDiff.diff(List.of("a", "b", "c", "d"), List.of("a", "B", "c", "d", "e"));
        assertThat(ops(d)).isEqualTo("srassa");
        assertThat(d.get(2)).isEqualTo(new LineDiff.Line(LineDiff.Op.ADDED, 0, 2, "B"));
        assertThat(d.get(5)).isEqualTo(new LineDiff.Line(LineDiff.Op.ADDED, 0, 5, "e"));
        assertThat(d.get(4)).isEqualTo(new LineDiff.Line(LineDiff.Op.SAME, 4, 4, "d"));
    }

    @Test
    void linesEndWithAnyOfTheThreeTerminators() {
        assertThat(LineDiff.lines("a\r\nb\rc\n")).containsExactly("a", "b", "c", "");
    }

    @Test
    void middlesTooLargeToCompareAreRefusedWith422NamingTheirSizes() {
        List<String> a = new ArrayList<>();
        List<String> b = new ArrayList<>();
        for (int i = 0; i < 2_100; i++) {
            a.add("a" + i);
            b.add("b" + i);
        }
        ApiError e = catchThrowableOfType(ApiError.class, () -> LineDiff.diff(a, b));
        assertThat(e.status()).isEqualTo(422);
        assertThat(e.getMessage()).contains("2100 and 2100 lines");
    }
}
