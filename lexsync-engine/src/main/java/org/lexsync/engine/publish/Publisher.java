package org.lexsync.engine.publish;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.lexsync.engine.model.ExportReport;
import org.lexsync.engine.model.PublishSettings;
import org.lexsync.engine.model.PublishedDocument;
import org.lexsync.engine.model.SourceRecord;
import org.lexsync.engine.store.Store;

/**
 * The published aggregate as documents by path (docs/architecture.md, "Publishing the aggregate"): the Atom archive
 * feed of the whole journal at {@code feed/} and of each source at {@code feed/{source}/}, the ResourceSync Source
 * at {@code .well-known/resourcesync} and {@code resourcesync/…}, each resource's current bytes at {@code
 * resource/…}, the ELI sources as an ELI Pillar IV provider at {@code eli/sitemap.xml} and {@code
 * eli/eli-update-feed.atom}, the ResourceSync dumps (built once beside the store, {@link DumpDocuments}), and stored
 * bytes by content address at {@code blob/sha256/…}. The one lookup the static exporter ({@link #export}) and the
 * server use;
 * every document is a projection of the journal and reads the store, never writes to it.
 */
public final class Publisher {
    private final PublishSettings settings;
    private final JournalView journal;
    private final BlobDocuments blobs;
    private final String fingerprint;
    /** Asked in order whether a path is theirs. */
    private final List<DocumentFamily> families;
    /** The same families in the order the static export writes them. */
    private final List<DocumentFamily> exportOrder;
    private final org.lexsync.engine.store.Journal rawJournal;

    /**
     * The aggregate in {@code store} published with {@code settings}; the sources of {@code eliProtocols} (the
     * protocols whose harvesters collect ELI legal resources) are republished in the ELI Sitemap and feed as well.
     */
    public Publisher(Store store, PublishSettings settings, Set<String> eliProtocols) {
        this.settings = settings;
        this.journal = new JournalView(store.journal(), settings.archiveSize());
        this.blobs = new BlobDocuments(store.blobs(), store.journal());
        this.fingerprint = Etags.of("settings", settings.toString());
        List<SourceRecord> sources = store.sources().list();
        AtomItems items = new AtomItems(settings);
        List<AtomArchiveFeed> feeds = new ArrayList<>();
        feeds.add(new AtomArchiveFeed(null, settings, items, journal, fingerprint));
        List<String> ids = sources.stream().map(SourceRecord::id).sorted().toList();
        ids.forEach(id -> feeds.add(new AtomArchiveFeed(id, settings, items, journal, fingerprint)));
        this.rawJournal = store.journal();
        ResourceSyncSource resourceSync = new ResourceSyncSource(settings, store.journal(), store.resources(), ids,
                fingerprint);
        ResourceDocuments resourceDocuments = new ResourceDocuments(store.resources(), store.blobs());
        DumpDocuments dumps = new DumpDocuments(DumpDocuments.directoryIn(store.config().dataDir()), resourceSync,
                blobs);
        EliPublication eli = new EliPublication(settings, store.journal(), store.resources(), sources.stream()
                .filter(s -> eliProtocols.contains(s.protocol())).map(SourceRecord::id).sorted().toList(), fingerprint);
        List<DocumentFamily> all = new ArrayList<>(List.of(blobs, resourceDocuments, eli, dumps, resourceSync));
        // a source's feed before the aggregate's: the aggregate's paths are the shorter ones
        all.addAll(feeds.reversed());
        this.families = List.copyOf(all);
        // the aggregate's feed first (it copies the blobs), the dumps last (they wait for the rest to be written)
        List<DocumentFamily> exported = new ArrayList<DocumentFamily>(feeds);
        exported.addAll(List.of(resourceSync, eli, resourceDocuments, blobs, dumps));
        this.exportOrder = List.copyOf(exported);
    }

    public PublishSettings settings() {
        return settings;
    }

    /**
     * The document at {@code path} (relative to the base URL; a leading slash is ignored), or empty when there is
     * none (yet).
     */
    public Optional<PublishedDocument> document(String path) {
        String p = path.startsWith("/") ? path.substring(1) : path;
        for (DocumentFamily family : families) {
            if (family.owns(p)) {
                return family.document(p);
            }
        }
        return Optional.empty();
    }

    /**
     * Writes every document and referenced file under {@code dir} for any web server, writing only what changed:
     * closed documents and blobs already there are left untouched, open ones rewritten only when their bytes differ.
     */
    public ExportReport export(Path dir) {
        return new Exporter(dir, exportOrder, blobs, journal, fingerprint, rawJournal).run();
    }

    static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
