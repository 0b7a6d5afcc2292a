package org.lexsync.engine.eli;

import java.util.Objects;

import org.lexsync.core.time.W3cDateTime;

/** A legal resource named by the Sitemap or the update feed, with the date of modification it states (may be null). */
record Candidate(String eli, W3cDateTime modified) {

    Candidate {
        Objects.requireNonNull(eli, "eli");
    }
}
