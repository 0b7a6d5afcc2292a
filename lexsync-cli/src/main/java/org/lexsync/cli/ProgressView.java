package org.lexsync.cli;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.net.URI;
import java.util.Locale;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import org.lexsync.engine.model.ApplyProgress;
import org.lexsync.engine.model.HarvestListener;

/**
 * Shows a harvest's progress: a progress bar (documents read, changes applied, bytes, failures) when
 * standard output is a terminal, nothing otherwise (scripts read the summary). Notes from the harvester go
 * to standard error either way; with a bar they, and library log lines, are printed above it ({@link TerminalLine}).
 */
final class ProgressView implements HarvestListener, AutoCloseable {
    private final PrintWriter err;
    private final ProgressBar bar;
    private final TerminalLine line;
    private final PrintStream previousErr;
    private long documents;
    private long bytes;
    private long expected;
    private boolean closed;

    private ProgressView(PrintWriter err, ProgressBar bar, TerminalLine line) {
        this.err = err;
        this.bar = bar;
        this.line = line;
        this.previousErr = line == null ? null : System.err;
        if (line != null) {
            // library log lines (logback writes to whatever System.err is) go above the bar, not through it
            System.setErr(line.linesAbove());
        }
    }

    static ProgressView create(String task, PrintWriter err) {
        if (System.console() != null && !"dumb".equals(System.getenv("TERM"))) {
            return onTerminal(task, err, System.err);
        }
        return new ProgressView(err, null, null);
    }

    /** A view drawing its bar on {@code terminal}; notes and {@code System.err} lines are printed above it. */
    static ProgressView onTerminal(String task, PrintWriter err, PrintStream terminal) {
        TerminalLine line = new TerminalLine(terminal);
        ProgressBar bar = new ProgressBarBuilder().setTaskName(task).setInitialMax(-1).setStyle(ProgressBarStyle.ASCII)
                .setUpdateIntervalMillis(250).continuousUpdate().setConsumer(line).build();
        return new ProgressView(err, bar, line);
    }

    @Override
    public synchronized void documentRead(URI url, long size) {
        documents++;
        bytes += size;
        extra(null);
    }

    @Override
    public synchronized void expected(long changes) {
        expected = Math.max(expected, changes);
        if (bar != null) {
            bar.maxHint(Math.max(expected, bar.getCurrent()));
        }
    }

    @Override
    public synchronized void applied(ApplyProgress p) {
        if (bar != null) {
            bar.maxHint(Math.max(expected, Math.max(p.planned(), p.committed())));
            bar.stepTo(p.committed());
        }
        extra(p);
    }

    /** Long work other than a harvest (e.g. {@code rdf rebuild}): {@code done} of {@code total} steps. */
    synchronized void steps(long done, long total) {
        if (bar != null) {
            bar.maxHint(total);
            bar.stepTo(done);
        }
    }

    @Override
    public void note(String message) {
        if (line != null) {
            err.flush();
            line.above("lexsync: " + message);
            return;
        }
        err.println("lexsync: " + message);
        err.flush();
    }

    private void extra(ApplyProgress p) {
        if (bar == null) {
            return;
        }
        String failed = p == null || p.counts().failed() == 0 ? "" : ", " + p.counts().failed() + " failed";
        bar.setExtraMessage(String.format(Locale.ROOT, " %d docs, %.1f MB%s", documents, bytes / 1048576.0, failed));
    }

    @Override
    public synchronized void close() {
        if (bar != null && !closed) {
            bar.close();
            System.setErr(previousErr);
        }
        closed = true;
    }
}
