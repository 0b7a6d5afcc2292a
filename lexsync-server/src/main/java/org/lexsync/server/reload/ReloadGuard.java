package org.lexsync.server.reload;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.lexsync.engine.model.ConfigException;
import org.lexsync.engine.model.Configuration;
import org.lexsync.engine.model.Source;

/**
 * Refusals of a file that reads without error but must not replace the configuration in force (issue 28.2): one that
 * would remove every source (an editor's truncated save, a file that lost its {@code sources:}) unless the operator
 * says so, and one that changes settings only a restart can put in force.
 */
final class ReloadGuard {
    private ReloadGuard() {
    }

    /** The refusal of an empty (0-byte or blank) file: never put in force, whatever the operator says. */
    static ConfigException empty(Path file) {
        return new ConfigException(file.toString(), "", 0, "the file is empty (an editor may be writing it): the"
                + " running configuration stays in force; to run without sources write 'sources: []' and reload with"
                + " allow-empty=true");
    }

    /**
     * Checks {@code next} against the configuration in force.
     *
     * @throws ConfigException naming the key at fault when {@code next} must not be put in force
     */
    static void check(Configuration before, Configuration next, boolean allowEmpty) {
        String file = next.file().toString();
        if (next.sources().isEmpty() && !before.sources().isEmpty() && !allowEmpty) {
            List<String> ids = before.sources().stream().map(Source::id).toList();
            String shown = ids.size() <= 10 ? String.join(", ", ids)
                    : String.join(", ", ids.subList(0, 10)) + ", …";
            throw new ConfigException(file, "sources", 0, String.format(Locale.ROOT, "lists no sources: it would"
                    + " remove all %d sources in force (%s); the running configuration stays. If that is meant,"
                    + " POST /api/reload?allow-empty=true", ids.size(), shown));
        }
        List<String> restart = RestartSettings.changed(before.server(), next.server());
        if (!restart.isEmpty()) {
            throw new ConfigException(file, String.join(", ", restart), 0, "changed, and takes effect only when"
                    + " lexsync serve restarts: the running configuration stays (restart the server, or put the"
                    + " old value back to reload the rest)");
        }
    }
}
