package org.lexsync.engine.apply;

import org.jspecify.annotations.Nullable;
import org.lexsync.engine.model.PlannedChange;
import org.lexsync.engine.model.PlannedRepresentation;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import org.lexsync.core.checksum.Digests;
import org.lexsync.core.time.W3cDateTimes;
import org.lexsync.engine.model.ChangeKind;
import org.lexsync.engine.model.Link;
import org.lexsync.engine.store.LinkCodec;
import org.lexsync.engine.model.RepresentationRole;

/**
 * The text form of a change kept in the item-failure table so that later runs retry it on its own
 * (docs/architecture.md, invariant 6): one line for the change, one per representation, tab-separated fields escaped by
 * {@link LinkCodec}, {@code =} (which an escaped field never holds) for null. Only changes whose every file is fetched
 * from a URL without request headers are kept ({@link #encode} gives null otherwise): headers may hold credentials and
 * are never stored, and bytes a planner fetched or unpacked itself (an ELI page, a dump bitstream) must go through that
 * planner again, which the harvester does when its source's documents bring the item back.
 */
final class RetryCodec {
    private static final String NULL = "=";

    private RetryCodec() {
    }

    /** The change as text, or null when it cannot be retried on its own. */
    static @Nullable String encode(PlannedChange c) {
        if (c.failure() != null) {
            return null;
        }
        StringBuilder b = new StringBuilder();
        b.append("change\t").append(c.kind().token()).append('\t').append(field(c.resourceUri())).append('\t')
                .append(field(c.sourceTimestamp() == null ? null : c.sourceTimestamp().toString())).append('\t')
                .append(field(c.title())).append('\t').append(field(c.published())).append('\t')
                .append(field(LinkCodec.encode(c.links())));
        for (PlannedRepresentation r : c.representations()) {
            if (r.url() == null || !r.headers().isEmpty()) {
                return null;
            }
            List<Link> links = r.links();
            b.append("\nrep\t").append(field(r.url().toString())).append('\t').append(r.role().token()).append('\t')
                    .append(field(r.expected().isEmpty() ? null : r.expected().toString())).append('\t')
                    .append(field(r.length() == null ? null : r.length().toString())).append('\t')
                    .append(field(r.mediaType())).append('\t').append(field(LinkCodec.encode(links)));
        }
        return b.toString();
    }

    /** The change {@link #encode} wrote, as an unordered change of {@code sourceId} that moves no checkpoint. */
    static PlannedChange decode(String sourceId, String text) {
        String[] lines = text.split("\n", -1);
        String[] c = lines[0].split("\t", -1);
        if (c.length != 7 || !"change".equals(c[0])) {
            throw new IllegalArgumentException("not a stored change: " + lines[0]);
        }
        List<PlannedRepresentation> reps = new ArrayList<>();
        for (int i = 1; i < lines.length; i++) {
            String[] r = lines[i].split("\t", -1);
            if (r.length != 7 || !"rep".equals(r[0])) {
                throw new IllegalArgumentException("not a stored representation: " + lines[i]);
            }
            String length = value(r[4]);
            String links = value(r[6]);
            reps.add(new PlannedRepresentation(URI.create(value(r[1])), null, RepresentationRole.fromToken(r[2]),
                    Digests.parse(value(r[3])), length == null ? null : Long.valueOf(length), value(r[5]),
                    LinkCodec.decode(links)));
        }
        String time = value(c[3]);
        return PlannedChange.builder(sourceId, value(c[2]), ChangeKind.fromToken(c[1]))
                .sourceTimestamp(time == null ? null : W3cDateTimes.parseOrNull(time)).representations(reps)
                .links(LinkCodec.decode(value(c[6]))).title(value(c[4])).published(value(c[5])).unordered(true).build();
    }

    private static String field(String s) {
        return s == null ? NULL : LinkCodec.escape(s);
    }

    private static String value(String field) {
        return NULL.equals(field) ? null : LinkCodec.unescape(field);
    }
}
