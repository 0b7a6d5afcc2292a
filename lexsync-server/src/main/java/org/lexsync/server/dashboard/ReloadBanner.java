package org.lexsync.server.dashboard;

import java.time.Instant;
import org.lexsync.server.ReloadStatus;

/**
 * The banner every dashboard page shows while the latest reload of {@code lexsync.yaml} was refused (issue 28.2): the
 * file:line:key message and when, so an operator who edited the file sees that it is not in force.
 */
final class ReloadBanner {
    private ReloadBanner() {
    }

    /** The banner's HTML, or an empty fragment when the configuration in force is the file's. */
    static Html of(ReloadStatus status, Instant now) {
        Html h = new Html();
        status.refusal().ifPresent(r -> h.raw("<div class=\"banner\" id=\"reload-refused\" role=\"alert\">")
                .raw("<strong>Configuration reload refused</strong> ")
                .text(Formats.time(r.at()) + " (" + Formats.relative(r.at(), now) + ")")
                .raw(" — the running configuration stays in force:<div class=\"msg\">").text(r.message())
                .raw("</div></div>"));
        return h;
    }
}
