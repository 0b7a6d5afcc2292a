package org.lexsync.engine.resourcesync;

import java.net.URI;
import java.util.Locale;
import org.lexsync.core.LexsyncException;

/**
 * A Resource Dump or Change Dump package (ResourceSync §11, §13) was refused: an entry name that could
 * escape the package (traversal, absolute, drive letter, backslash), too large an expansion, a missing
 * or unreadable {@code manifest.xml}, or a manifest path with no bitstream. Names the package and entry.
 */
public final class DumpPackageException extends LexsyncException {
    private static final long serialVersionUID = 1L;

    private final transient URI packageUrl;
    private final String entry;

    public DumpPackageException(URI packageUrl, String entry, String why) {
        super(String.format(Locale.ROOT, "%s%s: %s", packageUrl, entry == null ? "" : " entry '" + entry + "'", why));
        this.packageUrl = packageUrl;
        this.entry = entry;
    }

    public URI packageUrl() {
        return packageUrl;
    }

    /** The offending entry name or manifest path, or null when the package as a whole is at fault. */
    public String entry() {
        return entry;
    }
}
