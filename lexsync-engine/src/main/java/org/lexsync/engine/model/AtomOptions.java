package org.lexsync.engine.model;

import java.util.List;
import java.util.Map;

/**
 * How an Atom subscription feed is collected (the Swedish legal information system's method).
 *
 * @param maxDeleteFraction a complete feed (RFC 5005 §2) that would delete more than this fraction of the stored
 *                          resources is refused as a probable publishing accident (0 to 1, default 0.5)
 */
public record AtomOptions(double maxDeleteFraction) implements ProtocolOptions {
    public static final String PROTOCOL = "atom";
    public static final String KEY_MAX_DELETE_FRACTION = "max-delete-fraction";
    /** The option keys {@link #fromText} reads. */
    public static final List<String> KEYS = List.of(KEY_MAX_DELETE_FRACTION);
    public static final AtomOptions DEFAULT = new AtomOptions(0.5);

    public AtomOptions {
        if (!(maxDeleteFraction >= 0 && maxDeleteFraction <= 1)) {
            throw new OptionException(KEY_MAX_DELETE_FRACTION, Double.toString(maxDeleteFraction), "a number from 0 to 1");
        }
    }

    @Override
    public String protocol() {
        return PROTOCOL;
    }

    /** The options given as text (keys {@link #KEYS}); a bad value is an {@link OptionException}. */
    public static AtomOptions fromText(Map<String, String> text) {
        String v = text.get(KEY_MAX_DELETE_FRACTION);
        if (v == null) {
            return DEFAULT;
        }
        try {
            return new AtomOptions(Double.parseDouble(v.strip()));
        } catch (NumberFormatException | OptionException e) {
            throw new OptionException(KEY_MAX_DELETE_FRACTION, v, "a number from 0 to 1");
        }
    }
}
