package org.lexsync.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.lexsync.engine.model.ApplyProgress;
import org.lexsync.engine.model.RunCounts;

/** With a progress bar on a terminal, notes and log lines go above the bar and leave no half bar behind. */
class ProgressViewTest {
    private static final String CLEAR = "\r\u001b[2K";

    @Test
    void notesAndSystemErrLinesArePrintedAboveTheBar() {
        ByteArrayOutputStream terminal = new ByteArrayOutputStream();
        PrintStream before = System.err;
        try (ProgressView view = ProgressView.onTerminal("src", new PrintWriter(new StringWriter()),
                new PrintStream(terminal, true, StandardCharsets.UTF_8))) {
            view.applied(new ApplyProgress("src", 10, 4, RunCounts.ZERO));
            view.note("following prev-archive");
            System.err.println("12:00:00.000 WARN Fetcher - slow host");
            assertThat(System.err).isNotSameAs(before);
        }
        assertThat(System.err).isSameAs(before);
        String out = terminal.toString(StandardCharsets.UTF_8);
        assertThat(out).contains(CLEAR + "lexsync: following prev-archive" + System.lineSeparator())
                .contains(CLEAR + "12:00:00.000 WARN Fetcher - slow host" + System.lineSeparator());
        // every line that is not the bar starts on a cleared line: nothing of a bar precedes it on its line
        for (String line : out.split(System.lineSeparator())) {
            int lastClear = line.lastIndexOf(CLEAR);
            String visible = lastClear < 0 ? line : line.substring(lastClear + CLEAR.length());
            assertThat(visible.contains("lexsync:") && !visible.startsWith("lexsync:")).as(line).isFalse();
        }
    }

    @Test
    void theExpectedTotalBecomesTheBarsMaximum() {
        ByteArrayOutputStream terminal = new ByteArrayOutputStream();
        try (ProgressView view = ProgressView.onTerminal("eli", new PrintWriter(new StringWriter()),
                new PrintStream(terminal, true, StandardCharsets.UTF_8))) {
            view.applied(new ApplyProgress("eli", 0, 0, RunCounts.ZERO));
            view.expected(5000);
            view.applied(new ApplyProgress("eli", 100, 100, RunCounts.ZERO));
        }
        assertThat(terminal.toString(StandardCharsets.UTF_8)).contains("100/5000");
    }
}
