package org.lexsync.cli;

import java.io.PrintWriter;
import java.net.URI;
import java.util.Locale;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import org.lexsync.engine.apply.ApplyProgress;
import org.lexsync.engine.harvest.HarvestListener;

/**
 * Shows a harvest's progress: a progress bar (documents read, changes applied, bytes, failures) when
 * standard output is a terminal, nothing otherwise (scripts read the summary). Notes from the harvester go
 * to standard error either way.
 */
final class ProgressView implements HarvestListener, AutoCloseable {
    private final PrintWriter err;
    private final ProgressBar bar;
    private long documents;
    private long bytes;
    private boolean closed;

    private ProgressView(PrintWriter err, ProgressBar bar) {
        this.err = err;
        this.bar = bar;
    }

    static ProgressView create(String task, PrintWriter err) {
        ProgressBar bar = null;
        if (System.console() != null && !"dumb".equals(System.getenv("TERM"))) {
            bar = new ProgressBarBuilder().setTaskName(task).setInitialMax(-1).setStyle(ProgressBarStyle.ASCII)
                    .setUpdateIntervalMillis(250).continuousUpdate().build();
        }
        return new ProgressView(err, bar);
    }

    @Override
    public synchronized void documentRead(URI url, long size) {
        documents++;
        bytes += size;
        extra(null);
    }

    @Override
    public synchronized void applied(ApplyProgress p) {
        if (bar != null) {
            bar.maxHint(Math.max(p.planned(), p.committed()));
            bar.stepTo(p.committed());
        }
        extra(p);
    }

    @Override
    public void note(String message) {
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
        }
        closed = true;
    }
}
