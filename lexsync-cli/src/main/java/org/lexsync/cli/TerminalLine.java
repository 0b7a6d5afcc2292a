package org.lexsync.cli;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import me.tongfei.progressbar.ProgressBarConsumer;

/**
 * The terminal's last line, owned by a progress bar: the bar is redrawn in place, and any other line (our
 * notes, library log lines written to {@code System.err}) is printed above it — the bar's line is cleared
 * first and drawn again after — so no half-drawn bar is left behind between log lines.
 */
final class TerminalLine implements ProgressBarConsumer {
    private static final String CLEAR_LINE = "\r\u001b[2K";
    private static final int WIDTH = 120;

    private final PrintStream terminal;
    private String bar = "";
    private boolean closed;

    TerminalLine(PrintStream terminal) {
        this.terminal = terminal;
    }

    @Override
    public int getMaxRenderedLength() {
        return WIDTH;
    }

    @Override
    public synchronized void accept(String rendered) {
        if (closed) {
            return;
        }
        bar = rendered.length() > WIDTH ? rendered.substring(0, WIDTH) : rendered;
        terminal.print(CLEAR_LINE + bar);
        terminal.flush();
    }

    /** Prints one whole line above the bar. */
    synchronized void above(String line) {
        if (closed) {
            terminal.println(line);
        } else {
            terminal.print(CLEAR_LINE + line + System.lineSeparator() + bar);
        }
        terminal.flush();
    }

    @Override
    public synchronized void close() {
        if (!closed) {
            terminal.println();
            terminal.flush();
        }
        closed = true;
    }

    /** A stream whose lines go above the bar, for {@code System.err} while the bar is shown. */
    PrintStream linesAbove() {
        return new PrintStream(new OutputStream() {
            private final ByteArrayOutputStream pending = new ByteArrayOutputStream();

            @Override
            public void write(int b) {
                synchronized (this) {
                    if (b == '\n') {
                        String line = pending.toString(StandardCharsets.UTF_8);
                        pending.reset();
                        above(line.endsWith("\r") ? line.substring(0, line.length() - 1) : line);
                    } else {
                        pending.write(b);
                    }
                }
            }

            @Override
            public void flush() {
                synchronized (this) {
                    if (pending.size() > 0) {
                        String line = pending.toString(StandardCharsets.UTF_8);
                        pending.reset();
                        above(line);
                    }
                }
            }
        }, true, StandardCharsets.UTF_8);
    }
}
