package org.lexsync.core.documentgroup;

/** Where an element starts in the MetaInfo XML (1-based line and column; 0 when unknown). */
public record Position(int line, int column) {
    public static final Position UNKNOWN = new Position(0, 0);
}
