package org.lexsync.core.documentgroup;

import java.util.List;
import org.lexsync.core.findings.Findings;

/**
 * What {@link DocumentGroupReader} made of a MetaInfo XML: the model, the findings of the reading, and
 * where the group and each of its documents start (for findings that rules raise later about them).
 *
 * @param documentPositions one position per entry of {@code group.documents()}, same order
 */
public record ReadResult(DocumentGroup group, Findings findings, Position groupPosition,
                         List<Position> documentPositions) {

    public ReadResult {
        documentPositions = List.copyOf(documentPositions);
    }

    /** The position of the {@code index}-th document, or {@link Position#UNKNOWN}. */
    public Position documentPosition(int index) {
        return index >= 0 && index < documentPositions.size() ? documentPositions.get(index) : Position.UNKNOWN;
    }
}
