package org.lexsync.core.documentgroup;

import java.util.Locale;

/**
 * What a crawler says happened to a document group or one of its files since its last run (EUCases D2.1
 * §3.2; the MD5 comparison of §1.3.2 decides it). Written as the tokens of Appendix I.
 */
public enum Operation {
    /** A new document. */
    ADD("Add"),
    /** An updated document. */
    UPD("Upd"),
    /** A deleted document. */
    DEL("Del"),
    /** No change. */
    NONE("None");

    private final String token;

    Operation(String token) {
        this.token = token;
    }

    /** The token of Appendix I ({@code Add}, {@code Upd}, {@code Del}, {@code None}). */
    public String token() {
        return token;
    }

    /** The operation for an exact Appendix I token, or null. */
    public static Operation fromToken(String token) {
        for (Operation o : values()) {
            if (o.token.equals(token)) {
                return o;
            }
        }
        return null;
    }

    /**
     * The operation for a token in any letter case (§1.3.2 writes ADD, UPD, DEL, NONE), or null.
     * Callers report the case deviation.
     */
    static Operation fromTokenIgnoringCase(String token) {
        if (token == null) {
            return null;
        }
        String t = token.trim().toLowerCase(Locale.ROOT);
        for (Operation o : values()) {
            if (o.token.toLowerCase(Locale.ROOT).equals(t)) {
                return o;
            }
        }
        return null;
    }
}
