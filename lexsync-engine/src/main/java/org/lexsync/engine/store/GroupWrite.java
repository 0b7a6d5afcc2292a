package org.lexsync.engine.store;

import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The document-group state that travels in the same transaction as its documents' journal rows ({@link
 * CommitBatch#groups()}; EUCases D2.1 §3.2, issue 18): the group row (owner, last operation, active or deleted, the
 * fingerprint of its documents), the documents it holds now (replacing those it held), and the crawler log row of the
 * upload with the number of documents the group changes.
 *
 * @param groupId     the group's GUID, lower-cased
 * @param sourceId    the crawler owning it (the source its documents belong to)
 * @param operation   the operation applied ({@code Add}, {@code Upd}, {@code Del})
 * @param deleted     true for a Del: the row stays, without members
 * @param fingerprint SHA-256 over the sorted documents (identifier, url, md5): identical re-sends are recognised by it
 * @param members     the documents the group holds after this commit (none when deleted)
 * @param log         the crawler log row written with the commit
 * @param changes     how many of its documents the group creates, updates or deletes
 * @param replacing   whether the store held the group when it was planned: only then are members to be replaced (a
 *                    new group's commit skips that statement; should another crawler's commit of the same new group
 *                    come first, the member rows' primary key refuses this one rather than merging the two)
 */
public record GroupWrite(String groupId, String sourceId, String operation, boolean deleted, String fingerprint,
                         @Nullable String filename, @Nullable String lang, @Nullable Integer groupType,
                         @Nullable String crawledAt, List<Member> members, LogRow log, int changes,
                         boolean replacing) {

    /** One document of a group. */
    public record Member(String resourceUri, String identifier, String file, String md5) {
        public Member {
            Objects.requireNonNull(resourceUri, "resourceUri");
            Objects.requireNonNull(identifier, "identifier");
            Objects.requireNonNull(file, "file");
            Objects.requireNonNull(md5, "md5");
        }
    }

    /** A crawler log row (its id and time are given when it is written). */
    public record LogRow(@Nullable String remote, @Nullable String crawler, @Nullable String groupId,
                         @Nullable String operation, long zipLength, String outcome, @Nullable String errorClass,
                         @Nullable String message) {
        public LogRow {
            Objects.requireNonNull(outcome, "outcome");
        }
    }

    public GroupWrite {
        Objects.requireNonNull(groupId, "groupId");
        Objects.requireNonNull(sourceId, "sourceId");
        Objects.requireNonNull(operation, "operation");
        Objects.requireNonNull(fingerprint, "fingerprint");
        Objects.requireNonNull(log, "log");
        members = List.copyOf(members);
        if (deleted && !members.isEmpty()) {
            throw new IllegalArgumentException("a deleted group " + groupId + " holds no documents");
        }
    }
}
