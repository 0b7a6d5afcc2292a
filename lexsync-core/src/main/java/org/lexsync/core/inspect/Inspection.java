package org.lexsync.core.inspect;

import java.util.List;
import java.util.Map;
import org.lexsync.core.findings.Finding;
import org.lexsync.core.findings.Findings;
import org.lexsync.core.findings.Severity;

/**
 * What {@code lexsync inspect} learned about one document: its kind (e.g. {@code resourcesync changelist
 * index}, {@code atom feed (archive)}), how many entries it holds (with a breakdown such as
 * {@code created}/{@code deleted} or {@code tombstones}), its document-level attributes (time attributes,
 * ids, capability) in document order, and every finding.
 */
public record Inspection(String document, String kind, long entries, Map<String, Long> counts,
                         Map<String, String> attributes, Findings findings) {

    public Inspection {
        counts = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(counts));
        attributes = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(attributes));
    }

    public boolean hasErrors() {
        return findings.hasErrors();
    }

    public List<Finding> findingList() {
        return findings.list();
    }

    public long errors() {
        return findings.count(Severity.ERROR);
    }

    public long warnings() {
        return findings.count(Severity.WARNING);
    }
}
