package org.lexsync.engine.store;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.LongConsumer;
import org.jspecify.annotations.Nullable;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Hears the journal commits of every process on a PostgreSQL store as they happen, so that a node drops what it
 * derived from the journal (the server's published documents) within a second instead of at its next poll
 * (docs/architecture.md, "Publishing the aggregate", how changes are seen). Each commit of a batch or a source
 * sends {@code NOTIFY lexsync_journal, '<last seq>'} inside its own transaction ({@link #NOTIFY_SQL}), so only a
 * committed write is heard. One daemon thread LISTENs on a connection of its own (not from the pool: it is held
 * for the life of the store); when that connection drops it is opened again with a growing back-off, one log line
 * per outage, and on every (re)connection the listeners are told the head read then, so nothing committed during
 * the outage is missed. The thread blocks until a notification arrives or {@link #CHECK_MILLIS} pass in silence (then
 * a query finds out whether the link is still there), rather than waking up twice a second: closing aborts the
 * connection, which ends the wait at once.
 */
final class JournalListener implements AutoCloseable {
    /** The channel every journal commit notifies. */
    static final String CHANNEL = "lexsync_journal";
    /** Sent inside a committing transaction: the journal's last sequence number as the payload. */
    static final String NOTIFY_SQL = "SELECT pg_notify('" + CHANNEL + "',"
            + " (SELECT COALESCE(MAX(seq), 0) FROM journal)::text)";
    private static final Logger LOG = LoggerFactory.getLogger(JournalListener.class);
    /** Silence after which a query checks the connection: a link cut without a word stays silent. */
    static final int CHECK_MILLIS = 10_000;
    private static final long FIRST_BACKOFF_MILLIS = 100;
    private static final long MAX_BACKOFF_MILLIS = 5_000;

    private final StoreConfig config;
    private final List<LongConsumer> listeners = new CopyOnWriteArrayList<>();
    private final Thread thread;
    /** The listening connection while it is open: {@link #close()} aborts it to end the wait. */
    private volatile @Nullable Connection listening;
    private volatile boolean closed;
    private volatile boolean live;

    JournalListener(StoreConfig config) {
        this.config = config;
        this.thread = Thread.ofPlatform().daemon().name("lexsync-journal-listener").unstarted(this::run);
        thread.start();
    }

    /** Tells {@code listener} the journal's last sequence number after each commit heard and each reconnection. */
    void add(LongConsumer listener) {
        listeners.add(listener);
    }

    /** True while the listening connection is up (notifications arrive); false during an outage. */
    boolean live() {
        return live;
    }

    private void run() {
        long backoff = FIRST_BACKOFF_MILLIS;
        boolean outage = false;
        while (!closed) {
            try (Connection c = open()) {
                listening = c;
                if (closed) {
                    return;
                }
                long head;
                try (Statement s = c.createStatement()) {
                    s.execute("LISTEN " + CHANNEL);
                    try (ResultSet rs = s.executeQuery("SELECT COALESCE(MAX(seq), 0) FROM journal")) {
                        rs.next();
                        head = rs.getLong(1);
                    }
                }
                live = true;
                if (outage) {
                    LOG.info("journal notifications: listening again on {}", config.effectiveJdbcUrl());
                    outage = false;
                }
                backoff = FIRST_BACKOFF_MILLIS;
                tell(head);
                listen(c);
            } catch (SQLException | RuntimeException e) {
                live = false;
                if (closed) {
                    return;
                }
                if (!outage) {
                    LOG.warn("journal notifications: connection to {} lost ({}); polling until it is back",
                            config.effectiveJdbcUrl(), e.getMessage());
                    outage = true;
                }
                try {
                    Thread.sleep(backoff);
                } catch (InterruptedException interrupted) {
                    return;
                }
                backoff = Math.min(backoff * 2, MAX_BACKOFF_MILLIS);
            } finally {
                live = false;
                listening = null;
            }
        }
    }

    /** Waits for notifications until the connection fails (an exception) or the listener is closed. */
    private void listen(Connection c) throws SQLException {
        PGConnection pg = c.unwrap(PGConnection.class);
        long checked = System.nanoTime();
        while (!closed) {
            long silentMillis = (System.nanoTime() - checked) / 1_000_000;
            // blocks until a notification arrives or the check is due (0 would mean: no limit)
            PGNotification[] heard = pg.getNotifications((int) Math.max(1, CHECK_MILLIS - silentMillis));
            if (heard != null && heard.length > 0) {
                long last = 0;
                for (PGNotification n : heard) {
                    last = Math.max(last, seq(n.getParameter()));
                }
                tell(last);
            } else if (System.nanoTime() - checked >= CHECK_MILLIS * 1_000_000L) {
                // a connection cut without a word (a partition) stays silent; a query finds out
                try (Statement s = c.createStatement()) {
                    s.execute("SELECT 1");
                }
                checked = System.nanoTime();
            }
        }
    }

    private Connection open() throws SQLException {
        // the liveness query on a cut link fails within the socket timeout
        return OwnSessions.open(config, "lexsync journal listener", 30);
    }

    private static long seq(String payload) {
        try {
            return Long.parseLong(payload.strip());
        } catch (NumberFormatException e) {
            return 0;   // a notification sent by hand: still a change
        }
    }

    private void tell(long head) {
        for (LongConsumer l : listeners) {
            try {
                l.accept(head);
            } catch (RuntimeException e) {
                LOG.warn("journal notifications: a listener failed: {}", e.toString());
            }
        }
    }

    @Override
    public void close() {
        closed = true;
        Connection c = listening;
        if (c != null) {
            try {
                c.abort(Runnable::run); // closes the socket: a wait for notifications ends at once
            } catch (SQLException | RuntimeException e) {
                // already closed
            }
        }
        thread.interrupt();   // a back-off ends at once
        try {
            thread.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
