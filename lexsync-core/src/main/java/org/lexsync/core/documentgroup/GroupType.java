package org.lexsync.core.documentgroup;

/** The kind of legal material a document group holds: the {@code type} attribute of EUCases D2.1 §3.2. */
public enum GroupType {
    LEGISLATION(1),
    CASE_LAW(2);

    private final int code;

    GroupType(int code) {
        this.code = code;
    }

    /** The numeric representation written in the {@code type} attribute. */
    public int code() {
        return code;
    }

    /** The type for a code, or null when the spec defines none. */
    public static GroupType fromCode(int code) {
        for (GroupType t : values()) {
            if (t.code == code) {
                return t;
            }
        }
        return null;
    }
}
