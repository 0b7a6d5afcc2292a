package org.lexsync.engine;

import java.util.Iterator;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.lexsync.core.findings.Findings;
import org.lexsync.engine.apply.Applier;
import org.lexsync.engine.fetch.Fetcher;
import org.lexsync.engine.fetch.UnreachableHost;
import org.lexsync.engine.harvest.HarvestContext;
import org.lexsync.engine.harvest.HarvestJob;
import org.lexsync.engine.harvest.Harvester;
import org.lexsync.engine.ingest.Ingestion;
import org.lexsync.engine.model.ApplyReport;
import org.lexsync.engine.model.AuditReport;
import org.lexsync.engine.model.CommitListener;
import org.lexsync.engine.model.HarvestListener;
import org.lexsync.engine.model.HarvestReport;
import org.lexsync.engine.model.PlannedChange;
import org.lexsync.engine.model.Politeness;
import org.lexsync.engine.model.Source;
import org.lexsync.engine.rdf.RdfStore;
import org.lexsync.engine.store.BlobStore;
import org.lexsync.engine.store.LeaseFence;
import org.lexsync.engine.store.SourceLease;
import org.lexsync.engine.store.Store;

/**
 * The run lifecycle of one facade (docs/architecture.md, "Concurrency"): a harvest, a dry run, an audit or an apply
 * of a source asks the shared fetcher for a view with the source's politeness, holds the source's lease while it
 * runs (none for a dry run or an audit, which write nothing), and commits through an applier that tells the
 * facade's commit listeners.
 */
final class HarvestRuns {
    private final Store store;
    private final Fetcher fetcher;
    private final SourceRegistry sources;
    private final FacadeSettings settings;
    private final boolean readOnly;
    private final Supplier<RdfStore> rdf;
    private final List<CommitListener> listeners = new CopyOnWriteArrayList<>();

    HarvestRuns(Store store, Fetcher fetcher, SourceRegistry sources, FacadeSettings settings, boolean readOnly,
                Supplier<RdfStore> rdf) {
        this.store = store;
        this.fetcher = fetcher;
        this.sources = sources;
        this.settings = settings;
        this.readOnly = readOnly;
        this.rdf = rdf;
    }

    /** Adds a listener told about every batch committed by runs started from now on. */
    void addListener(CommitListener listener) {
        listeners.add(Objects.requireNonNull(listener, "listener"));
    }

    /** Harvests (or, for a dry run, plans) a registered source once. */
    HarvestReport harvest(String sourceId, boolean dryRun, HarvestListener listener) {
        Source source = sources.source(sourceId);
        Harvester harvester = SourceRegistry.harvester(source.protocol());
        harvester.rules().requireUrls(harvester.protocol(), source.id(), source.urls().size());
        HarvestJob job = new HarvestJob(source.id(), source.urls(), source.options(), dryRun, source.giveUp());
        if (!dryRun && readOnly) {
            throw new IllegalStateException("this LexSync was opened read-only (or for a dry run): plan " + source.id()
                    + " instead of harvesting it");
        }
        try (Held held = hold(source.id(), sources.politeness(source), dryRun)) {
            HarvestReport report = harvester.harvest(job, new HarvestContext(store, held.fetcher(),
                    applier(held.fetcher(), held.fence()), listener, rdf));
            return withUnreachableHosts(report);
        }
    }

    /** Audits a registered source, writing nothing. */
    AuditReport audit(String sourceId, HarvestListener listener) {
        Source source = sources.source(sourceId);
        Harvester harvester = SourceRegistry.harvester(source.protocol());
        harvester.rules().requireUrls(harvester.protocol(), source.id(), source.urls().size());
        HarvestJob job = new HarvestJob(source.id(), source.urls(), source.options(), true, source.giveUp());
        try (Fetcher view = fetcher.withPoliteness(sources.politeness(source))) {
            return harvester.audit(job, new HarvestContext(store, view, applier(view, null), listener));
        } catch (UnsupportedOperationException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }

    /** Applies changes a front end planned, holding the source's lease meanwhile. */
    ApplyReport apply(String sourceId, Iterator<PlannedChange> changes) {
        try (Held held = hold(sourceId, sources.politenessOf(sourceId), false)) {
            return applier(held.fetcher(), held.fence()).apply(sourceId, changes);
        }
    }

    /**
     * Commits ingested groups through an applier fetching with the source's politeness; the crawler's lease is held
     * by the ingestion service across its consecutive groups (one run for them).
     */
    Ingestion.GroupCommitter groupCommitter() {
        return (sourceId, runId, changes, groups, fence, largeBlobs) -> {
            try (Fetcher view = fetcher.withPoliteness(sources.politenessOfCrawler(sourceId))) {
                return applier(view, fence, largeBlobs).applyGroups(sourceId, changes, groups, runId);
            }
        };
    }

    /**
     * An applier fetching through {@code view}, telling the facade's commit listeners, its writes carrying
     * {@code fence} (the lease held for the source; null in a dry run or audit, which write nothing).
     */
    private Applier applier(Fetcher view, @Nullable LeaseFence fence) {
        return applier(view, fence, store.largeBlobs());
    }

    /** As {@link #applier(Fetcher, LeaseFence)}, putting large blobs into {@code largeBlobs}. */
    private Applier applier(Fetcher view, @Nullable LeaseFence fence, BlobStore largeBlobs) {
        Applier.Builder b = Applier.builder(view, store).fence(fence).largeBlobs(largeBlobs);
        listeners.forEach(b::listener);
        return b.build();
    }

    /**
     * What one harvest or apply holds while it runs: the source's lease (none for a dry run, which writes
     * nothing) and a view of the shared fetcher asking for the source's politeness on every host it reaches.
     */
    private Held hold(String sourceId, Politeness politeness, boolean dryRun) {
        SourceLease lease = dryRun ? null : store.leases().acquire(sourceId, settings.leaseTtl());
        Held held = new Held(lease, fetcher.withPoliteness(politeness), Thread.currentThread(),
                new AtomicBoolean());
        if (lease != null) {
            // a holder that stalled longer than the lease lost the source to another one: stop working on it
            lease.onLost(() -> {
                held.interrupted().set(true);
                held.worker().interrupt();
            });
        }
        return held;
    }

    /** A harvest's lease (null in a dry run) and fetcher view, given back together. */
    private record Held(@Nullable SourceLease lease, Fetcher fetcher, Thread worker,
                        AtomicBoolean interrupted) implements AutoCloseable {
        /** The fence the harvest's writes carry; null in a dry run. */
        @Nullable LeaseFence fence() {
            return lease == null ? null : lease.fence();
        }

        @Override
        public void close() {
            try (Fetcher f = fetcher) {
                if (lease != null) {
                    lease.close();
                }
            }
            if (interrupted.get()) {
                Thread.interrupted(); // the lease's loss stopped the work; the caller's thread goes on uninterrupted
            }
        }
    }

    /**
     * The report with one finding per host whose circuit breaker opened, put first and kept with the run: its
     * requests failed as {@code host-unreachable} item failures, one per URL, but the cause is the one host.
     */
    private HarvestReport withUnreachableHosts(HarvestReport report) {
        List<UnreachableHost> hosts = fetcher.unreachableHosts();
        if (hosts.isEmpty()) {
            return report;
        }
        Findings found = new Findings();
        for (UnreachableHost h : hosts) {
            found.error(UnreachableHost.RULE, h.describe(), 0, 0);
        }
        if (report.apply() != null && report.apply().runId() > 0) {
            store.runs().addFindings(report.apply().runId(), null, found);
        }
        found.addAll(report.findings());
        return new HarvestReport(report.sourceId(), report.protocol(), report.apply(), report.documentsRead(),
                report.bytesRead(), report.planned(), found, report.elapsed());
    }
}
