package org.lexsync.core.atom;

/**
 * An Atom Text construct (RFC 4287 §3.1: title, subtitle, summary, rights). {@code type} is null when
 * the attribute is absent (meaning "text"). For {@code type="xhtml"} the text is the character content
 * of the wrapping {@code div} with the markup dropped: LexSync consumes titles, it does not render them.
 */
public record AtomText(String type, String text) {

    /** Plain text without a type attribute. */
    public static AtomText of(String text) {
        return new AtomText(null, text);
    }

    /** The effective type: {@code text} when absent. */
    public String effectiveType() {
        return type == null ? "text" : type;
    }

    @Override
    public String toString() {
        return text;
    }
}
