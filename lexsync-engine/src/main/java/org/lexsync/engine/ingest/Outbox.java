package org.lexsync.engine.ingest;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import org.lexsync.engine.fetch.GroupPoster;
import org.lexsync.engine.model.OutboxReport;
import org.lexsync.engine.model.UploadOutcome;

/**
 * A crawler's durable outbox (EUCases D2.1 §1.3.2: "if there is no connection with the web service all relevant
 * document information will be sent when the crawler is started next time"; issue 18): a directory of document
 * groups, each a MetaInfo file {@code NNNNNNNNNNNN.xml} and, unless it is a Del, its ZIP {@code NNNNNNNNNNNN.zip},
 * numbered in the order they were added. A group is in the outbox once its MetaInfo is there (written last, fsynced
 * and renamed into place). Sending goes in that order; an acknowledged group moves to {@code done/}, a refused one to
 * {@code refused/} (with the server's answer beside it, never sent again), and at the first group not delivered
 * (server down, 5xx, 401/403) the pass stops, leaving it and the rest for the next start. A crash between the
 * server's acknowledgement and the move re-sends the group, which the server answers as unchanged.
 * One process per outbox directory.
 */
public final class Outbox {
    private static final Pattern ENTRY = Pattern.compile("(\\d{12})\\.xml");
    static final String DONE = "done";
    static final String REFUSED = "refused";

    private final Path dir;

    private Outbox(Path dir) {
        this.dir = dir;
    }

    /** Opens (creating it when needed) the outbox in {@code dir}. */
    public static Outbox open(Path dir) {
        try {
            Files.createDirectories(dir.resolve(DONE));
            Files.createDirectories(dir.resolve(REFUSED));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the outbox " + dir, e);
        }
        return new Outbox(dir);
    }

    /** One pending group: its MetaInfo and its ZIP (null for a Del). */
    public record Entry(String name, Path metaInfo, @Nullable Path zip) {
    }

    /**
     * Adds a group: copies its ZIP (when given) and then its MetaInfo into the outbox, each durable before the next
     * step. Returns the entry's name.
     */
    public synchronized String add(Path metaInfo, @Nullable Path zip) {
        Objects.requireNonNull(metaInfo, "metaInfo");
        String name = String.format(Locale.ROOT, "%012d", next());
        try {
            if (zip != null) {
                durableCopy(zip, dir.resolve(name + ".zip"));
            }
            durableCopy(metaInfo, dir.resolve(name + ".xml"));
            syncDirectory(dir);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot add a group to the outbox " + dir, e);
        }
        return name;
    }

    /** The groups waiting to be sent, oldest first. */
    public List<Entry> pending() {
        List<Entry> out = new ArrayList<>();
        for (String name : names(dir)) {
            Path zip = dir.resolve(name + ".zip");
            out.add(new Entry(name, dir.resolve(name + ".xml"), Files.isRegularFile(zip) ? zip : null));
        }
        return out;
    }

    /** Sends the pending groups in order, stopping at the first one not delivered. */
    public OutboxReport send(GroupPoster poster) {
        List<Entry> pending = pending();
        List<UploadOutcome> outcomes = new ArrayList<>();
        int left = pending.size();
        for (Entry e : pending) {
            UploadOutcome o = sendOne(poster, e);
            outcomes.add(o);
            if (o.status() == UploadOutcome.Status.NOT_DELIVERED) {
                break;
            }
            left--;
        }
        return new OutboxReport(outcomes, left);
    }

    private UploadOutcome sendOne(GroupPoster poster, Entry e) {
        GroupPoster.Answer a;
        try {
            a = poster.post(e.metaInfo(), e.zip());
        } catch (IOException x) {
            return new UploadOutcome(e.name(), UploadOutcome.Status.NOT_DELIVERED, 0, String.format(Locale.ROOT,
                    "%s could not be reached: %s", poster.endpoint(), x.getMessage() == null ? x.toString()
                            : x.getMessage()));
        }
        if (a.ok()) {
            move(e, DONE, null);
            return new UploadOutcome(e.name(), UploadOutcome.Status.ACKNOWLEDGED, a.status(), a.text());
        }
        if (refusedForGood(a.status())) {
            move(e, REFUSED, a.text());
            return new UploadOutcome(e.name(), UploadOutcome.Status.REFUSED, a.status(), a.text());
        }
        return new UploadOutcome(e.name(), UploadOutcome.Status.NOT_DELIVERED, a.status(), a.text());
    }

    /**
     * True when the server refused a group for good (a 4xx about the group itself); false for answers that may change
     * on a later try: 401/403 (the token), 408 (request timeout) and 429 (too many requests).
     */
    static boolean refusedForGood(int status) {
        return status >= 400 && status < 500 && status != 401 && status != 403 && status != 408 && status != 429;
    }

    /** Moves an entry's files into {@code sub} (the MetaInfo first: once it is gone the entry is no longer pending). */
    private void move(Entry e, String sub, @Nullable String answer) {
        Path target = dir.resolve(sub);
        try {
            if (answer != null) {
                Files.writeString(target.resolve(e.name() + ".answer.txt"), answer + "\n");
            }
            Files.move(e.metaInfo(), target.resolve(e.name() + ".xml"), StandardCopyOption.REPLACE_EXISTING);
            if (e.zip() != null) {
                Files.move(e.zip(), target.resolve(e.name() + ".zip"), StandardCopyOption.REPLACE_EXISTING);
            }
            syncDirectory(dir);
        } catch (IOException x) {
            throw new UncheckedIOException("cannot move outbox entry " + e.name() + " to " + target, x);
        }
    }

    /** The next number: one above every entry pending, done or refused. */
    private long next() {
        long max = 0;
        for (Path d : List.of(dir, dir.resolve(DONE), dir.resolve(REFUSED))) {
            for (String name : names(d)) {
                max = Math.max(max, Long.parseLong(name));
            }
        }
        return max + 1;
    }

    private static List<String> names(Path d) {
        List<String> names = new ArrayList<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(d, "*.xml")) {
            for (Path f : files) {
                Matcher m = ENTRY.matcher(f.getFileName().toString());
                if (m.matches()) {
                    names.add(m.group(1));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the outbox " + d, e);
        }
        names.sort(null);
        return names;
    }

    /** Copies to a temp name, fsyncs, renames into place (atomic where the file system can). */
    private static void durableCopy(Path from, Path to) throws IOException {
        Path tmp = to.resolveSibling(to.getFileName() + ".tmp");
        try (OutputStream out = Files.newOutputStream(tmp)) {
            Files.copy(from, out);
        }
        try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE)) {
            ch.force(true);
        }
        try {
            Files.move(tmp, to, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(tmp, to, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    private static void syncDirectory(Path d) {
        try (FileChannel ch = FileChannel.open(d, StandardOpenOption.READ)) {
            ch.force(true);
        } catch (IOException e) {
            // not every file system lets a directory be opened for fsync; the renames are still ordered
        }
    }
}
