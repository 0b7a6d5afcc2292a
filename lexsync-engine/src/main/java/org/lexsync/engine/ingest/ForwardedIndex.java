package org.lexsync.engine.ingest;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.lexsync.core.documentgroup.Operation;

/**
 * The outbox's record of what each document group was last forwarded as ({@code groups.txt}: one line "GUID
 * operation" per group added, the last line of a GUID wins), so that a group the ingestion service never received is
 * sent as Add and one it holds as Upd or Del (EUCases D2.1 §3.2), whether or not uploads were on when it was crawled.
 */
final class ForwardedIndex {
    static final String FILE = "groups.txt";

    private final Path file;
    private final Map<String, Operation> last = new HashMap<>();

    private ForwardedIndex(Path file) {
        this.file = file;
    }

    /** Reads the index of the outbox in {@code dir} (empty when there is none yet). */
    static ForwardedIndex open(Path dir) {
        ForwardedIndex index = new ForwardedIndex(dir.resolve(FILE));
        if (Files.isRegularFile(index.file)) {
            try {
                for (String line : Files.readAllLines(index.file, StandardCharsets.UTF_8)) {
                    String[] parts = line.trim().split(" ");
                    Operation op = parts.length == 2 ? Operation.fromToken(parts[1]) : null;
                    if (op != null) {
                        index.last.put(parts[0], op); // a torn last line (crash mid-append) is skipped
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + index.file, e);
            }
        }
        return index;
    }

    /** The operation group {@code identifier} was last forwarded with, or null when never. */
    @Nullable Operation last(String identifier) {
        return last.get(identifier);
    }

    /** True when the service holds the group (last forwarded as Add or Upd). */
    boolean held(String identifier) {
        Operation op = last.get(identifier);
        return op == Operation.ADD || op == Operation.UPD;
    }

    /** Records that {@code identifier} was added to the outbox with {@code op}, durably. */
    void record(String identifier, Operation op) {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.APPEND)) {
            ch.write(java.nio.ByteBuffer.wrap((identifier + ' ' + op.token() + '\n').getBytes(StandardCharsets.UTF_8)));
            ch.force(true);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
        last.put(identifier, op);
    }
}
