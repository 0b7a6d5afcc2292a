package org.lexsync.engine.model;

import java.util.Locale;
import org.lexsync.core.LexsyncException;

/**
 * {@code lexsync.yaml} is not valid: names the file, the key path (e.g. {@code sources[2].politeness.delay})
 * and the 1-based line where the problem is (0 when unknown). The command line maps it to exit code 2.
 */
public final class ConfigException extends LexsyncException {
    private static final long serialVersionUID = 1L;

    private final String file;
    private final String key;
    private final int line;

    public ConfigException(String file, String key, int line, String problem) {
        super(String.format(Locale.ROOT, "%s%s: %s%s", file, line > 0 ? ":" + line : "",
                key == null || key.isEmpty() ? "" : key + ": ", problem));
        this.file = file;
        this.key = key;
        this.line = line;
    }

    public String file() {
        return file;
    }

    /** The key path at fault, empty for the document as a whole. */
    public String key() {
        return key;
    }

    public int line() {
        return line;
    }
}
