package org.lexsync.engine.model;

import java.util.Locale;

/**
 * A protocol option given as text has a value the protocol cannot take. Names the key, the value and what was
 * expected, so {@code lexsync.yaml} errors can add file and line and the command line its flag.
 */
public final class OptionException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    private final String key;
    private final String value;
    private final String expected;

    public OptionException(String key, String value, String expected) {
        super(String.format(Locale.ROOT, "option %s must be %s, was '%s'", key, expected, value));
        this.key = key;
        this.value = value;
        this.expected = expected;
    }

    /** The option's key, e.g. {@code baseline}. */
    public String key() {
        return key;
    }

    /** The value given. */
    public String value() {
        return value;
    }

    /** What the option takes, in words, e.g. {@code list, dump or auto}. */
    public String expected() {
        return expected;
    }
}
