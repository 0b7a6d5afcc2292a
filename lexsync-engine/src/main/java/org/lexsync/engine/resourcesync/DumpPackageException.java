package org.lexsync.engine.resourcesync;

import java.net.URI;
import java.util.Locale;
import org.lexsync.core.LexsyncException;

/**
 * A Resource Dump or Change Dump package (ResourceSync §11, §13), or one bitstream in it, was refused. Names
 * the package and, when one is at fault, the entry or manifest path. {@link #refusesPackage()} tells the two
 * kinds apart: the whole package (not a readable ZIP, truncated, no or several {@code manifest.xml}, expands
 * beyond the package bound) or one bitstream (missing, ambiguous, an unsafe name, corrupt, over the entry
 * bounds), after which the package's other bitstreams are still usable.
 */
public final class DumpPackageException extends LexsyncException {
    private static final long serialVersionUID = 1L;

    private final transient URI packageUrl;
    private final String entry;
    private final boolean refusesPackage;

    /** A refusal of the entry (or, when {@code entry} is null, of the whole package). */
    public DumpPackageException(URI packageUrl, String entry, String why) {
        this(packageUrl, entry, why, entry == null);
    }

    public DumpPackageException(URI packageUrl, String entry, String why, boolean refusesPackage) {
        super(String.format(Locale.ROOT, "%s%s: %s", packageUrl, entry == null ? "" : " entry '" + entry + "'", why));
        this.packageUrl = packageUrl;
        this.entry = entry;
        this.refusesPackage = refusesPackage || entry == null;
    }

    public URI packageUrl() {
        return packageUrl;
    }

    /** The offending entry name or manifest path, or null when the package as a whole is at fault. */
    public String entry() {
        return entry;
    }

    /** True when the whole package is unusable, false when only the bitstream at {@link #entry()} is. */
    public boolean refusesPackage() {
        return refusesPackage;
    }
}
