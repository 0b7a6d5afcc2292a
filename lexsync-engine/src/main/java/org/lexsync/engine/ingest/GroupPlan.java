package org.lexsync.engine.ingest;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.lexsync.core.checksum.Digest;
import org.lexsync.core.checksum.Digests;
import org.lexsync.core.checksum.HashAlgorithm;
import org.lexsync.core.documentgroup.Document;
import org.lexsync.core.documentgroup.DocumentGroup;
import org.lexsync.core.documentgroup.Operation;
import org.lexsync.core.time.W3cDateTime;
import org.lexsync.engine.model.ChangeKind;
import org.lexsync.engine.model.PlannedChange;
import org.lexsync.engine.model.PlannedRepresentation;
import org.lexsync.engine.model.RepresentationRole;
import org.lexsync.engine.model.RepresentationState;
import org.lexsync.engine.model.ResourceState;
import org.lexsync.engine.store.DocumentGroups;
import org.lexsync.engine.store.GroupWrite;

/**
 * What applying one validated document group changes (EUCases D2.1 §3.2, issue 18 "Semantics"), as planned changes
 * for the applier: every document the group holds after the upload becomes a resource of the crawler's source (URI =
 * the document's {@code url}, the publisher's address, as in every other protocol) unless the store already holds
 * those very bytes there; a document the group held before and holds no more is deleted, unless another group of the
 * same crawler still holds it. A document marked {@code Del} inside an Add or Upd group is not held. Planning does no
 * I/O: the caller looked up the stored group, the stored resources and the other groups' holdings.
 */
final class GroupPlan {
    private GroupPlan() {
    }

    /** One document the group holds after the upload. */
    record Held(String uri, String identifier, String file, String md5, @Nullable String format) {
    }

    /** The documents {@code group} holds after it is applied, by URI, in document order. */
    static Map<String, Held> held(DocumentGroup group) {
        Map<String, Held> held = new LinkedHashMap<>();
        if (group.operation() == Operation.DEL) {
            return held;
        }
        for (Document d : group.documents()) {
            if (d.operation() != Operation.DEL) {
                held.put(d.url(), new Held(d.url(), d.identifier().toLowerCase(Locale.ROOT), d.file(),
                        d.md5().toLowerCase(Locale.ROOT), d.format()));
            }
        }
        return held;
    }

    /**
     * The index (0-based) of the first document whose url an earlier document of the group already uses, or -1: one
     * resource per url, so a group may not name one twice.
     */
    static int repeatedUrl(DocumentGroup group) {
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < group.documents().size(); i++) {
            Document d = group.documents().get(i);
            if (d.operation() != Operation.DEL && !seen.add(d.url())) {
                return i;
            }
        }
        return -1;
    }

    /**
     * The identity of a group's content: SHA-256 over its operation-independent documents (identifier, url, md5, each
     * lower-cased where the spec's values are case-free), sorted. Two uploads of one identifier with the same
     * operation and the same fingerprint are the same upload (issue 18: an identical re-send is "unchanged").
     */
    static String fingerprint(DocumentGroup group) {
        List<String> lines = new ArrayList<>();
        for (Document d : group.documents()) {
            lines.add(d.identifier().toLowerCase(Locale.ROOT) + ' ' + d.operation().token() + ' ' + d.url() + ' '
                    + d.md5().toLowerCase(Locale.ROOT) + ' ' + d.file());
        }
        lines.sort(null);
        MessageDigest sha = HashAlgorithm.SHA_256.newDigest();
        for (String l : lines) {
            sha.update(l.getBytes(StandardCharsets.UTF_8));
            sha.update((byte) '\n');
        }
        return HexFormat.of().formatHex(sha.digest());
    }

    /** Where the bytes of a document come from: taken out of the ZIP, in memory or in a temp file. */
    interface Bytes {
        PlannedRepresentation representation(Held doc, URI url, Digests expected);
    }

    /**
     * The changes for {@code group}, in document order (upserts), then the deletions.
     *
     * @param stored       the group as stored (null when new or deleted)
     * @param current      the stored state of the resources the group will hold, by URI
     * @param heldByOthers URIs another group of the crawler still holds
     * @param files        the document bytes by file name
     */
    static List<PlannedChange> changes(String sourceId, DocumentGroup group, DocumentGroups.@Nullable StoredGroup stored,
                                       Map<String, ResourceState> current, Set<String> heldByOthers,
                                       Map<String, Bytes> files) {
        W3cDateTime when = group.date() == null ? null : W3cDateTime.of(group.date());
        Map<String, Held> held = held(group);
        List<PlannedChange> changes = new ArrayList<>();
        for (Held d : held.values()) {
            ResourceState state = current.get(d.uri());
            if (holds(state, d.md5())) {
                continue; // the store holds these bytes there already: no row (issue 18, "unchanged ones add no row")
            }
            URI url = URI.create(d.uri());
            PlannedRepresentation rep = files.get(d.file()).representation(d, url,
                    Digests.of(new Digest(HashAlgorithm.MD5, d.md5())));
            changes.add(PlannedChange.builder(sourceId, d.uri(), state != null && state.active() ? ChangeKind.UPDATED
                    : ChangeKind.CREATED).sourceTimestamp(when).representations(List.of(rep)).build());
        }
        if (stored != null && !stored.deleted()) {
            for (GroupWrite.Member m : stored.members()) {
                if (!held.containsKey(m.resourceUri()) && !heldByOthers.contains(m.resourceUri())) {
                    changes.add(PlannedChange.delete(sourceId, m.resourceUri(), when, null));
                }
            }
        }
        return changes;
    }

    /** The URIs the group held before and holds no more: candidates for deletion. */
    static List<String> released(DocumentGroup group, DocumentGroups.@Nullable StoredGroup stored) {
        if (stored == null || stored.deleted()) {
            return List.of();
        }
        Map<String, Held> held = held(group);
        return stored.members().stream().map(GroupWrite.Member::resourceUri).filter(u -> !held.containsKey(u)).toList();
    }

    /** True when the resource is active with exactly one file of this MD5. */
    private static boolean holds(@Nullable ResourceState state, String md5) {
        if (state == null || !state.active() || state.representations().size() != 1) {
            return false;
        }
        RepresentationState r = state.representations().get(0);
        return md5.equals(r.md5());
    }

    /** The group's members after the upload, for its stored row. */
    static List<GroupWrite.Member> members(DocumentGroup group) {
        return held(group).values().stream().map(h -> new GroupWrite.Member(h.uri(), h.identifier(), h.file(), h.md5()))
                .toList();
    }

    /** Media types as the representation keeps them: the document's format, or none. */
    static @Nullable String mediaType(Held d) {
        return d.format();
    }

    static RepresentationRole role() {
        return RepresentationRole.PRIMARY;
    }

    /**
     * True when {@code expected} holds an MD5 of the right form, one the ZIP check compared with the file's
     * ({@code ArchiveCheck}); a malformed one is the schema's finding and never compared.
     */
    static boolean wellFormedMd5(Digests expected) {
        return expected.get(HashAlgorithm.MD5).map(d -> MD5_HEX.matcher(d.hex()).matches()).orElse(false);
    }

    private static final java.util.regex.Pattern MD5_HEX = java.util.regex.Pattern.compile("[0-9a-f]{32}");
}
