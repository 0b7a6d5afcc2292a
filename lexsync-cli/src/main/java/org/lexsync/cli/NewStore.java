package org.lexsync.cli;

import org.lexsync.core.io.TempFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import java.util.stream.Stream;

/**
 * What a sync found in the data directory before it created a store there, so that a first sync that fails
 * before committing anything leaves no empty store behind (issue 13.7): the directory itself when the sync
 * created it, else only the entries it added (a {@code lexsync.yaml} put there by the user stays).
 */
final class NewStore {
    private final Path dir;
    private final boolean isNew;
    private final boolean dirExisted;
    private final Set<Path> before;

    private NewStore(Path dir, boolean isNew, boolean dirExisted, Set<Path> before) {
        this.dir = dir;
        this.isNew = isNew;
        this.dirExisted = dirExisted;
        this.before = before;
    }

    /** Notes the data directory {@code dir} before the store is opened; {@code exists}: a store is there. */
    static NewStore before(Path dir, boolean exists) {
        boolean isNew = !exists;
        boolean existed = Files.isDirectory(dir);
        Set<Path> entries = new HashSet<>();
        if (isNew && existed) {
            try (Stream<Path> list = Files.list(dir)) {
                list.forEach(entries::add);
            } catch (IOException e) {
                return new NewStore(dir, false, true, Set.of()); // cannot tell what is ours: keep everything
            }
        }
        return new NewStore(dir, isNew, existed, entries);
    }

    /** True when there was no store before. */
    boolean isNew() {
        return isNew;
    }

    /** Removes what the sync created (call after the store is closed). */
    void discard() {
        if (!isNew) {
            return;
        }
        if (!dirExisted) {
            deleteTree(dir);
            return;
        }
        try (Stream<Path> list = Files.list(dir)) {
            list.filter(p -> !before.contains(p)).forEach(NewStore::deleteTree);
        } catch (IOException e) {
            // best effort: an empty store left behind is harmless
        }
    }

    /** Deletes a file or a directory tree, quietly (best effort). */
    static void deleteTree(Path root) {
        TempFiles.deleteTreeQuietly(root);
    }
}
