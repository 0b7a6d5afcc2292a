package org.lexsync.engine.ingest;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.jspecify.annotations.Nullable;
import org.lexsync.core.checksum.HashAlgorithm;
import org.lexsync.core.documentgroup.Document;
import org.lexsync.core.documentgroup.DocumentGroup;
import org.lexsync.core.documentgroup.DocumentGroupWriter;
import org.lexsync.core.documentgroup.GroupType;
import org.lexsync.core.documentgroup.Operation;
import org.lexsync.engine.model.ChangeKind;
import org.lexsync.engine.model.ForwardedGroups;
import org.lexsync.engine.model.Link;
import org.lexsync.engine.model.RepresentationRole;
import org.lexsync.engine.model.RepresentationState;
import org.lexsync.engine.model.ResourceState;
import org.lexsync.engine.store.Store;

/**
 * Turns what a portal crawl committed to the local store into EUCases document groups in a durable outbox (issue 18,
 * "Document groups and the outbox"; D2.1 §1.3.2, §3.2, Appendix I; docs/architecture.md, "Ingestion"). The store is
 * the crawler's memory: the journal rows after the run's first sequence number name the changed resources, their
 * {@code lexsync:group} links name the changed groups, and each changed group, and each group never forwarded, is
 * written whole as it now stands — Del when its detail page was deleted, Upd when the service holds it
 * ({@link ForwardedIndex}), Add otherwise — as a ZIP of the blobs plus its MetaInfo, then added to the outbox.
 */
public final class GroupForwarder {
    static final String GROUP_REL = "lexsync:group";
    static final String UP_REL = "up";
    /** The document formats the Appendix I schema enumerates; a file of another type cannot be sent. */
    static final Set<String> FORMATS = Set.of("application/zip", "application/gzip", "application/pdf", "image/gif",
            "image/jpeg", "image/png", "image/tiff", "image/bmp", "text/css", "text/html", "text/htm",
            "text/javascript", "text/xml");

    private final Store store;
    private final String sourceId;
    private final String lang;
    private final GroupType type;

    private GroupForwarder(Store store, String sourceId, String lang, GroupType type) {
        this.store = store;
        this.sourceId = sourceId;
        this.lang = lang;
        this.type = type;
    }

    /**
     * Writes a group into {@code outbox} for each group of {@code sourceId} that a journal row after {@code afterSeq}
     * touched; returns how many groups were added and how many documents were left out for their format.
     */
    public static ForwardedGroups forward(Store store, String sourceId, long afterSeq, Path outbox, String lang,
                                          GroupType type) {
        return new GroupForwarder(store, sourceId, lang, type).run(afterSeq, outbox);
    }

    private ForwardedGroups run(long afterSeq, Path outbox) {
        Map<String, Set<ChangeKind>> changed = new HashMap<>();
        List<String> order = new ArrayList<>();
        store.journal().forEachSince(afterSeq, sourceId, 0, e -> {
            if (changed.computeIfAbsent(e.resourceUri(), u -> EnumSet.noneOf(ChangeKind.class)).add(e.kind())
                    && changed.get(e.resourceUri()).size() == 1) {
                order.add(e.resourceUri());
            }
        });
        Map<String, String> groupOf = new HashMap<>();
        Map<String, List<ResourceState>> members = new HashMap<>();
        store.resources().forEach(sourceId, true, s -> {
            String g = href(s, GROUP_REL);
            if (g != null) {
                groupOf.put(s.uri(), g);
                members.computeIfAbsent(g, k -> new ArrayList<>()).add(s);
            }
        });
        Set<String> groups = new LinkedHashSet<>();
        for (String uri : order) {
            String g = groupOf.get(uri);
            if (g != null) {
                groups.add(g);
            }
        }
        Outbox box = Outbox.open(outbox);
        ForwardedIndex index = ForwardedIndex.open(outbox);
        List<String> neverSent = new ArrayList<>(members.keySet());
        neverSent.sort(null);
        for (String g : neverSent) {
            if (index.last(uuid(sourceId + ' ' + g)) == null) {
                groups.add(g); // crawled before uploads were on (or its forwarding was lost): sent whole as Add
            }
        }
        int added = 0;
        int leftOut = 0;
        for (String g : groups) {
            List<ResourceState> all = new ArrayList<>(members.get(g));
            all.sort(Comparator.comparing((ResourceState s) -> href(s, UP_REL) != null).thenComparing(ResourceState::uri));
            ResourceState page = all.get(0);
            if (href(page, UP_REL) != null) {
                continue; // no detail page held for this group: nothing whole to send
            }
            String identifier = uuid(sourceId + ' ' + g);
            boolean held = index.held(identifier);
            if (!page.active() && !held) {
                continue; // the service never held it (or already deleted it): nothing to delete there
            }
            Operation op = !page.active() ? Operation.DEL : held ? Operation.UPD : Operation.ADD;
            List<ResourceState> docs = op == Operation.DEL ? all : all.stream().filter(ResourceState::active).toList();
            int[] skipped = {0};
            if (write(box, g, identifier, op, docs, changed, skipped)) {
                index.record(identifier, op);
                added++;
            }
            leftOut += skipped[0];
        }
        return new ForwardedGroups(added, leftOut);
    }

    /** Writes one group (ZIP and MetaInfo in a temporary directory) and adds it to the outbox. */
    private boolean write(Outbox box, String groupId, String identifier, Operation op, List<ResourceState> held,
                          Map<String, Set<ChangeKind>> changed, int[] skipped) {
        Path tmp = null;
        try {
            tmp = Files.createTempDirectory(store.config().dataDir(), "forward-");
            List<Document> docs = new ArrayList<>();
            Path zip = op == Operation.DEL ? null : tmp.resolve("group.zip");
            try (ZipOutputStream out = zip == null ? null : new ZipOutputStream(Files.newOutputStream(zip))) {
                for (ResourceState s : held) {
                    RepresentationState r = primary(s);
                    String format = r == null ? null : format(r.mediaType());
                    if (op == Operation.DEL && (format == null || !FORMATS.contains(format))) {
                        format = "text/html"; // a Del carries no file; Appendix I still wants a listed format
                    }
                    if (format == null || !FORMATS.contains(format)) {
                        skipped[0]++;
                        continue;
                    }
                    String file = String.format(Locale.ROOT, "%02d-%s", docs.size() + 1, fileName(s.uri()));
                    String md5 = r == null ? null : r.md5();
                    if (out != null) {
                        out.putNextEntry(new ZipEntry(file));
                        MessageDigest digest = HashAlgorithm.MD5.newDigest();
                        try (InputStream in = store.blobs().openWithoutCaching(r.blobKey())) {
                            byte[] buf = new byte[64 * 1024];
                            for (int n; (n = in.read(buf)) > 0; ) {
                                out.write(buf, 0, n);
                                digest.update(buf, 0, n);
                            }
                        }
                        out.closeEntry();
                        md5 = HexFormat.of().formatHex(digest.digest());
                    } else if (md5 == null) {
                        md5 = "0".repeat(32);
                    }
                    docs.add(new Document(format, file, uuid(sourceId + ' ' + s.uri()), documentOp(op,
                            changed.getOrDefault(s.uri(), Set.of())), s.uri(), md5.toLowerCase(Locale.ROOT)));
                }
            }
            if (docs.isEmpty()) {
                return false; // Appendix I: a group holds at least one document
            }
            DocumentGroup group = new DocumentGroup(Instant.now(), sourceId, lang, "application/zip",
                    identifier + ".zip", identifier, op, type, docs);
            Path metaInfo = tmp.resolve("metainfo.xml");
            try (OutputStream out = Files.newOutputStream(metaInfo)) {
                DocumentGroupWriter.write(group, out);
            }
            box.add(metaInfo, zip);
            return true;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write document group " + groupId + " of " + sourceId, e);
        } finally {
            delete(tmp);
        }
    }

    /** A document's operation inside its group (D2.1 §3.2): as the group for Add and Del, from the journal for Upd. */
    static Operation documentOp(Operation group, Set<ChangeKind> kinds) {
        if (group != Operation.UPD) {
            return group;
        }
        return kinds.contains(ChangeKind.CREATED) ? Operation.ADD
                : kinds.contains(ChangeKind.UPDATED) ? Operation.UPD : Operation.NONE;
    }

    /** The media type without parameters, lower-cased; null when unknown. */
    static @Nullable String format(@Nullable String mediaType) {
        if (mediaType == null) {
            return null;
        }
        int semi = mediaType.indexOf(';');
        return (semi < 0 ? mediaType : mediaType.substring(0, semi)).trim().toLowerCase(Locale.ROOT);
    }

    /** A safe ZIP entry name from the URL's last path segment. */
    static String fileName(String uri) {
        String path = uri.replaceFirst("[?#].*$", "");
        String last = path.substring(path.lastIndexOf('/') + 1).replaceAll("[^A-Za-z0-9._-]", "_");
        return last.isEmpty() || last.startsWith(".") ? "document" + last : last;
    }

    /** A name-based (version 3) UUID: stable for the same input, as the GUIDs of D2.1 §3.2 must be across runs. */
    static String uuid(String name) {
        return UUID.nameUUIDFromBytes(name.getBytes(StandardCharsets.UTF_8)).toString();
    }

    private static @Nullable RepresentationState primary(ResourceState s) {
        return s.representations().stream().filter(r -> r.role() == RepresentationRole.PRIMARY).findFirst()
                .orElse(s.representations().isEmpty() ? null : s.representations().get(0));
    }

    private static @Nullable String href(ResourceState s, String rel) {
        for (Link l : s.links()) {
            if (rel.equals(l.rel())) {
                return l.href();
            }
        }
        return null;
    }

    private static void delete(@Nullable Path dir) {
        if (dir == null) {
            return;
        }
        try (var files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a temporary directory left behind is harmless
        }
    }
}
