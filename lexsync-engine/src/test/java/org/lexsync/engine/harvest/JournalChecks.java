package org.lexsync.engine.harvest;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.lexsync.engine.model.JournalEntry;

/**
 * The journal's idempotence rule as a test sees it (docs/architecture.md, "Core model": the change, §4.2): no two rows with
 * the same source, resource, kind, source time and checksums.
 */
public final class JournalChecks {

    private JournalChecks() {
    }

    /** Rows that repeat an earlier row's source, URI, kind, source timestamp and checksums. */
    public static List<JournalEntry> duplicates(List<JournalEntry> rows) {
        Set<String> seen = new HashSet<>();
        List<JournalEntry> dups = new ArrayList<>();
        for (JournalEntry e : rows) {
            String key = e.sourceId() + " " + e.resourceUri() + " " + e.kind() + " " + e.sourceTimestamp() + " "
                    + e.checksums();
            if (!seen.add(key)) {
                dups.add(e);
            }
        }
        return dups;
    }
}
