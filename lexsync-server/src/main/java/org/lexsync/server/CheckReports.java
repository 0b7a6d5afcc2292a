package org.lexsync.server;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import org.lexsync.engine.model.CheckReport;

/**
 * The conformance reports the server ran lately ({@code POST /api/check}), numbered from 1, so the dashboard can link
 * each one's HTML page and a client can fetch a report again in another format. Only the last {@value #KEPT} are
 * kept: they live in memory and are not part of the store.
 */
public final class CheckReports {
    /** How many reports are kept. */
    public static final int KEPT = 20;

    /** One kept report with its number. */
    public record Kept(long id, CheckReport report) {
    }

    private final Deque<Kept> kept = new ArrayDeque<>();
    private long next = 1;

    /** Keeps {@code report} (dropping the oldest beyond {@value #KEPT}) and returns its number. */
    public synchronized long add(CheckReport report) {
        long id = next++;
        kept.addFirst(new Kept(id, report));
        while (kept.size() > KEPT) {
            kept.removeLast();
        }
        return id;
    }

    /** The report numbered {@code id}, if it is still kept. */
    public synchronized Optional<CheckReport> get(long id) {
        return kept.stream().filter(k -> k.id() == id).map(Kept::report).findFirst();
    }

    /** The kept reports, newest first. */
    public synchronized List<Kept> recent() {
        return new ArrayList<>(kept);
    }
}
