package org.lexsync.engine.rdf;

/** Cheap IRI sanity checks shared by the extractors: absolute, and no character that N-Quads forbids. */
final class Iris {
    private static final int SHOWN = 200;

    private Iris() {
    }

    /** True when {@code value} has a scheme and no space, control or {@code <>"{}|\^`} character. */
    static boolean usable(String value) {
        if (value == null || value.isEmpty()) {
            return false;
        }
        int colon = -1;
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c <= 0x20 || c == '<' || c == '>' || c == '"' || c == '{' || c == '}' || c == '|'
                    || c == '\\' || c == '^' || c == '`' || (c >= 0x7f && c <= 0x9f)) {
                return false;
            }
            if (c == ':' && colon < 0) {
                colon = i;
            }
        }
        if (colon < 1) {
            return false;
        }
        if (!Character.isLetter(value.charAt(0))) {
            return false;
        }
        for (int i = 1; i < colon; i++) {
            char c = value.charAt(i);
            if (!(Character.isLetterOrDigit(c) || c == '+' || c == '-' || c == '.')) {
                return false;
            }
        }
        return true;
    }

    /** The value cut to a length that fits a finding message. */
    static String shorten(String value) {
        if (value == null) {
            return "(none)";
        }
        return value.length() <= SHOWN ? value : value.substring(0, SHOWN) + "…";
    }
}
