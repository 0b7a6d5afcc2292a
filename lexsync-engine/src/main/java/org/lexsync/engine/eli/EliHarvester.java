package org.lexsync.engine.eli;

import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Locale;

import org.lexsync.engine.model.EliOptions;
import org.lexsync.engine.model.Politeness;
import org.lexsync.core.findings.Findings;
import org.lexsync.core.time.W3cDateTime;
import org.lexsync.engine.model.ApplyProgress;
import org.lexsync.engine.model.ApplyReport;
import org.lexsync.engine.model.ChangeFailure;
import org.lexsync.engine.model.ListenerFailure;
import org.lexsync.engine.model.PlannedChange;
import org.lexsync.engine.apply.Applier;
import org.lexsync.engine.harvest.CommitSlices;
import org.lexsync.engine.harvest.HarvestContext;
import org.lexsync.engine.harvest.HarvestRun;
import org.lexsync.engine.harvest.HarvestStore;
import org.lexsync.engine.harvest.SlicedApply;
import org.lexsync.engine.harvest.SourceReader;
import org.lexsync.engine.harvest.SourceRules;
import org.lexsync.engine.harvest.HarvestJob;
import org.lexsync.engine.model.HarvestReport;
import org.lexsync.engine.harvest.Harvester;
import org.lexsync.engine.model.SourceUnreadableException;
import org.lexsync.engine.harvest.UriSet;
import org.lexsync.engine.rdf.PageMetadataExtractor;
import org.lexsync.engine.rdf.RdfStore;
import org.lexsync.engine.model.RunCounts;

/**
 * The ELI Pillar IV consumer (ELI Pillar IV annex §4.1): the first run takes the baseline from the
 * Sitemap (Index) and then the delta from the update feed (steps 2, 3); later runs read the feed alone
 * (step 4), unless {@value #RESYNC} asks to walk the whole Sitemap again (step 5) or the feed no longer
 * reaches back to the last synchronisation, in which case the run says so and resynchronises from the
 * Sitemap by itself. Resources that vanished from a walked Sitemap are recorded as deleted. Pages become
 * named graphs in the data directory's TDB2 store (see {@link GraphSync} for how they stay consistent with
 * the journal), full texts become FULLTEXT representations (§4.2).
 *
 * <p>The Sitemap is a set (§3.2): its changes are unordered, so an ELI whose page fails, or a listed Sitemap
 * that cannot be read ({@link SitemapWalk}), fails alone and the rest is applied; such a walk stores no
 * checkpoint and marks nothing vanished, so the next run walks the Sitemap again (held ELIs are skipped, the
 * failed ones retried). The update feed is applied all the same, without checkpoints; its entries keep the
 * feed's order and stop at the first failure (the checkpoint never passes it).
 *
 * <p>Every failure is a change the applier records (item failures, its give-up rule): a page that could not be
 * fetched, read or parsed is planned as a failed change ({@link PagePlanner}). Changes reach the applier in slices
 * of {@link #COMMIT_INTERVAL}, each committed when it ends, so an interrupted baseline keeps its pages and the next
 * one fetches only the ELIs not stored at their Sitemap date. The feed is read before any Sitemap walk so that
 * the walk stores an ELI under the feed's finer date of the same modification, and the feed's entry is then
 * current for it ({@link SourceDates}): a changed page is fetched once.
 *
 * <p>Job URLs: the Sitemap (or Sitemap Index) first, the update feed second. Options: {@link EliOptions}
 * (full texts, languages, formats, resync).
 */
public final class EliHarvester implements Harvester {
    public static final String PROTOCOL = EliOptions.PROTOCOL;
    /** A Sitemap walk may mark at most this share of the held resources gone; more looks like a broken Sitemap. */
    static final double MAX_VANISHED_FRACTION = 0.5;
    /**
     * Longest planning time whose changes are committed together: at most this much fetching is lost when the
     * process dies (a slow source's pages would otherwise wait many minutes for the applier's next transaction).
     */
    static final Duration COMMIT_INTERVAL = Duration.ofSeconds(2);

    private final PageMetadataExtractor extractor = new PageMetadataExtractor();

    @Override
    public String protocol() {
        return PROTOCOL;
    }

    /** ELI publishers: one request at a time, five seconds apart (the ELI protocol's default). */
    @Override
    public Politeness defaultPoliteness() {
        return Politeness.ELI;
    }

    @Override
    public EliOptions options(Map<String, String> text) {
        return EliOptions.fromText(text);
    }

    @Override
    public SourceRules rules() {
        return new SourceRules(2, "two URLs: the Sitemap, then the update feed", EliOptions.KEYS);
    }

    /** Its resources are ELI legal resources: the aggregate republishes them in its ELI Sitemap and feed. */
    @Override
    public boolean eliResources() {
        return true;
    }

    @Override
    public HarvestReport harvest(HarvestJob job, HarvestContext context) {
        EliOptions options = job.options(EliOptions.class);
        FullTextOptions fullText = FullTextOptions.of(options);
        boolean resync = options.resync();
        HarvestRun harvestRun = HarvestRun.start(job, context);
        try (HarvestContext.RdfLease rdf = job.dryRun() ? null : context.rdf()) {
            Run run = new Run(harvestRun, context, rdf == null ? null : rdf.store(), fullText);
            try {
                HarvestReport report = run.execute(resync);
                harvestRun.finish(report.apply());
                return report;
            } catch (RuntimeException e) {
                throw harvestRun.abort(e, run.counts);
            }
        } catch (RuntimeException e) {
            // the RDF store could not be opened (or closed): the run ends aborted all the same
            throw harvestRun.abort(e, RunCounts.ZERO);
        }
    }

    /** One harvest of one source. */
    private final class Run {
        private final HarvestRun harvestRun;
        private final HarvestJob job;
        private final HarvestContext context;
        private final HarvestStore store;
        private final FullTextOptions fullText;
        private final Long runId;
        private final GraphSync graphs;
        /** The context's applier, also telling {@link #graphs} about every committed batch. */
        private final Applier applier;
        private final SourceReader fetch;
        private final Findings findings;
        private final List<ChangeFailure> failures = new ArrayList<>();
        private final List<ListenerFailure> listenerFailures = new ArrayList<>();
        private RunCounts counts = RunCounts.ZERO;
        private ChangeFailure gap;
        private long held;
        /** Changes planned in a dry run (a real run's are counted by {@link #slices}). */
        private long planned;
        private final SlicedApply slices;
        private EliCheckpoint checkpoint;

        Run(HarvestRun harvestRun, HarvestContext context, RdfStore rdf, FullTextOptions fullText) {
            this.harvestRun = harvestRun;
            this.job = harvestRun.job();
            this.context = context;
            this.store = context.store();
            this.fullText = fullText;
            this.runId = harvestRun.id();
            this.findings = harvestRun.findings();
            this.graphs = rdf == null ? null : new GraphSync(context.store(), rdf, extractor);
            this.applier = graphs == null ? context.applier() : context.applier().withListener(graphs);
            this.slices = new SlicedApply(applier, context, job, runId);
            this.fetch = SourceReader.of(context);
        }

        HarvestReport execute(boolean resync) {
            URI sitemap = job.urls().get(0);
            URI feedUrl = job.urls().get(1);
            checkpoint = store.checkpoint(job.sourceId()).flatMap(EliCheckpoint::parse).orElse(null);
            if (graphs != null) {
                long mended = graphs.repair(job.sourceId());
                if (mended > 0) {
                    context.listener().note(String.format(Locale.ROOT,
                            "rebuilt %d named graphs from the stored pages (left behind by an interrupted run)", mended));
                }
            }
            UpdateFeed feed;
            // false when a Sitemap or an ELI page of the walk failed: the feed is still applied (its updates do not
            // wait for a publisher's dead link), but no checkpoint is stored, so the next run walks the Sitemap again
            boolean walked = true;
            if (checkpoint == null) {
                // the feed is read first only to date the Sitemap's entries as finely as it does (see SourceDates),
                // and again after the walk for the updates made while the walk ran (step 3)
                UpdateFeed before = feedBeforeTheWalk(feedUrl);
                context.listener().note("no baseline yet: reading the whole Sitemap (ELI Pillar IV §4.1 step 2)");
                walked = sitemapPhase(sitemap, false, false, before);
                if (gap != null) {
                    return report();
                }
                feed = readFeed(feedUrl);
            } else {
                feed = readFeed(feedUrl);
                boolean walk = resync;
                if (resync) {
                    context.listener().note("resynchronising from the whole Sitemap (ELI Pillar IV §4.1 step 5)");
                } else if (feed.oldest() != null && feed.oldest().compareTo(checkpoint.syncedTo()) > 0) {
                    String why = String.format(Locale.ROOT, "the update feed reaches back only to %s, after the last"
                                    + " synchronisation (%s): updates may have left the feed; falling back to a Sitemap resync",
                            feed.oldest(), checkpoint.syncedTo());
                    context.listener().note(why);
                    record(feedUrl, single("eli:4.1/feed-history", why));
                    walk = true;
                }
                if (walk) {
                    walked = sitemapPhase(sitemap, resync, true, feed);
                    if (gap != null) {
                        return report();
                    }
                }
            }
            feedPhase(feed, walked);
            // failures the give-up rule quarantined no longer hold the checkpoint (docs/architecture.md, invariant 6)
            if (gap == null && failures.stream().allMatch(ChangeFailure::retriedAlone) && !job.dryRun()) {
                EliCheckpoint done = checkpoint != null ? checkpoint : new EliCheckpoint(W3cDateTime.of(Instant.now()));
                harvestRun.saveCheckpoint(done.toString());
                checkpoint = done;
            }
            return report();
        }

        /**
         * Steps 2 and 5: every ELI of the Sitemap, each dated with the finer or later date {@code feed} (read before
         * the walk) gives it ({@link SourceDates#refine}); returns false when a failure stopped the run.
         */
        private boolean sitemapPhase(URI sitemap, boolean refetchAll, boolean markVanished, UpdateFeed feed) {
            SitemapWalk walk = new SitemapWalk(sitemap, fetch, this::record, context.listener()::expected);
            Map<String, W3cDateTime> feedDates = new HashMap<>();
            for (Candidate c : feed.oldestFirst()) {
                if (c.modified() != null) {
                    feedDates.put(c.eli(), c.modified());
                }
            }
            Iterator<Candidate> dated = new Iterator<>() {
                @Override
                public boolean hasNext() {
                    return walk.hasNext();
                }

                @Override
                public Candidate next() {
                    Candidate c = walk.next();
                    W3cDateTime d = SourceDates.refine(c.modified(), feedDates.get(c.eli()));
                    return d == c.modified() ? c : new Candidate(c.eli(), d);
                }
            };
            boolean complete;
            try (PagePlanner planner = planner(dated, refetchAll, c -> null)) {
                // the Sitemap is a set, not a sequence (§3.2): one ELI whose page fails does not hold the others;
                // it is recorded and retried, and the baseline is not claimed complete (no checkpoint)
                complete = apply(unordered(planner));
                noteProgress("Sitemap", planner);
            } finally {
                walk.close();
            }
            if (!walk.failures().isEmpty()) {
                // a Sitemap of the index was not read: what was read is applied, but neither the baseline's
                // checkpoint nor the vanished ELIs may be derived from an incomplete walk (§4.1 steps 2, 5)
                for (SitemapWalk.Failure f : walk.failures()) {
                    failures.add(new ChangeFailure(f.sitemap().toString(), f.sitemap().toString(),
                            "sitemap-unreadable", f.message(), f.status(), null));
                }
                context.listener().note(String.format(Locale.ROOT, "Sitemap: %d ELIs; %d Sitemaps could not be read,"
                        + " so the baseline is not complete and no checkpoint is stored", walk.entries(),
                        walk.failures().size()));
                return false;
            }
            if (!complete) {
                return false;
            }
            if (walk.newest() != null) {
                checkpoint = checkpoint == null ? new EliCheckpoint(walk.newest()) : checkpoint.atLeast(walk.newest());
            }
            context.listener().note(String.format(Locale.ROOT, "Sitemap: %d ELIs", walk.entries()));
            context.listener().expected(walk.entries());
            // the walk yields each ELI once and remembers them: after a whole walk, every ELI of the Sitemap
            return !markVanished || markVanished(walk.elis());
        }

        /** Step 5: held resources no longer in the Sitemap are recorded as gone (they stay in the journal). */
        private boolean markVanished(UriSet seen) {
            List<String> vanished = new ArrayList<>();
            long[] held = {0};
            store.forEachResource(job.sourceId(), false, s -> {
                held[0]++;
                if (!seen.contains(s.uri())) {
                    vanished.add(s.uri());
                }
            });
            if (vanished.isEmpty()) {
                return true;
            }
            if (vanished.size() > MAX_VANISHED_FRACTION * held[0]) {
                String why = String.format(Locale.ROOT, "%d of %d held ELIs are missing from the Sitemap; refusing to mark"
                        + " more than %.0f%% gone in one run", vanished.size(), held[0], MAX_VANISHED_FRACTION * 100);
                findings.error("eli:4.1/mass-vanish", why, 0, 0);
                context.listener().note(why);
                return true;
            }
            context.listener().note(String.format(Locale.ROOT, "%d ELIs vanished from the Sitemap: marking them gone",
                    vanished.size()));
            W3cDateTime now = W3cDateTime.of(Instant.now());
            Iterator<String> it = vanished.iterator();
            Iterator<PlannedChange> deletions = new Iterator<>() {
                @Override
                public boolean hasNext() {
                    return it.hasNext();
                }

                @Override
                public PlannedChange next() {
                    return PlannedChange.delete(job.sourceId(), it.next(), now, null);
                }
            };
            return apply(deletions);
        }

        /**
         * Steps 3 and 4: feed entries not held or newer than held, oldest first; {@code checkpoints} false when
         * the Sitemap walk of this run was incomplete (the changes then carry no checkpoint).
         */
        private void feedPhase(UpdateFeed feed, boolean checkpoints) {
            EliCheckpoint base = checkpoint;
            // an ELI whose page failed in this run's walk is not fetched again from the feed: it is recorded to be
            // retried, and these feed changes carry no checkpoint that could pass it
            Set<String> failedInWalk = new HashSet<>();
            if (!checkpoints) {
                failures.forEach(f -> failedInWalk.add(f.resourceUri()));
            }
            List<Candidate> listed = feed.oldestFirst().stream().filter(c -> !failedInWalk.contains(c.eli())).toList();
            Iterator<Candidate> candidates = java.util.stream.Stream.concat(quarantinedToRetry(listed, failedInWalk),
                    listed.stream()).iterator();
            boolean complete;
            try (PagePlanner planner = planner(candidates, false, c -> {
                if (!checkpoints) {
                    return null;
                }
                if (!EliCheckpoint.plausible(c.modified())) {
                    return base == null ? null : base.toString();
                }
                EliCheckpoint cp = base == null ? new EliCheckpoint(c.modified()) : base.atLeast(c.modified());
                return cp.toString();
            })) {
                complete = apply(planner);
                noteProgress("update feed", planner);
            }
            if (complete && !feed.oldestFirst().isEmpty()) {
                for (int i = feed.oldestFirst().size() - 1; i >= 0; i--) {
                    W3cDateTime newest = feed.oldestFirst().get(i).modified();
                    if (EliCheckpoint.plausible(newest)) {
                        checkpoint = checkpoint == null ? new EliCheckpoint(newest) : checkpoint.atLeast(newest);
                        break;
                    }
                }
            }
        }

        /**
         * The quarantined ELIs whose back-off is over and that the feed does not list again: retried on their own
         * before the feed's entries (docs/architecture.md, invariant 6), undated so that their page is fetched whatever
         * is held.
         */
        private java.util.stream.Stream<Candidate> quarantinedToRetry(List<Candidate> listed, Set<String> failedInWalk) {
            if (job.dryRun()) {
                return java.util.stream.Stream.empty();
            }
            Set<String> inFeed = new HashSet<>();
            listed.forEach(c -> inFeed.add(c.eli()));
            Instant now = Instant.now();
            return store.failures(job.sourceId()).stream()
                    .filter(f -> f.quarantined() && (f.nextTry() == null || !f.nextTry().isAfter(now)))
                    .filter(f -> !inFeed.contains(f.resourceUri()) && !failedInWalk.contains(f.resourceUri()))
                    .map(f -> new Candidate(f.resourceUri(), null));
        }

        private void noteProgress(String phase, PagePlanner planner) {
            context.listener().note(String.format(Locale.ROOT, "%s: %d pages fetched, %d ELIs already current",
                    phase, planner.pages(), planner.skipped()));
        }

        /**
         * The feed for dating the Sitemap's entries (its findings are recorded when it is read again after the walk);
         * an unreadable feed dates none (it fails the run after the walk).
         */
        private UpdateFeed feedBeforeTheWalk(URI url) {
            try {
                return UpdateFeed.read(url, fetch, null);
            } catch (SourceUnreadableException e) {
                context.listener().note("update feed not readable before the Sitemap walk: " + e.getMessage());
                return new UpdateFeed(url, List.of(), null, new Findings());
            }
        }

        private UpdateFeed readFeed(URI url) {
            // a paged feed is followed back to the last synchronisation (or, on the first run, to the Sitemap's newest date)
            UpdateFeed feed = UpdateFeed.read(url, fetch, checkpoint == null ? null : checkpoint.syncedTo());
            record(url, feed.findings());
            context.listener().note(String.format(Locale.ROOT, "update feed: %d ELIs, oldest %s",
                    feed.oldestFirst().size(), feed.oldest()));
            return feed;
        }

        private PagePlanner planner(Iterator<Candidate> candidates, boolean refetchAll,
                                    java.util.function.Function<Candidate, String> cp) {
            GraphSync sink = graphs != null ? graphs : new GraphSync(context.store(), null, extractor);
            return new PagePlanner(job.sourceId(), candidates, refetchAll, store, context.fetcher(), extractor, fullText,
                    sink, (uri, f) -> record(URI.create(uri), f), cp, job.dryRun());
        }

        /**
         * Hands the changes to the applier (or drains them in a dry run) in slices of {@link #COMMIT_INTERVAL},
         * each committed when it ends (see {@link CommitSlices}); false when a change failed (a gap stops it).
         * Failures are recorded by the applier alone (item failures, its give-up rule); nothing here keeps its own.
         */
        private boolean apply(Iterator<PlannedChange> changes) {
            if (job.dryRun()) {
                planned += harvestRun.drain(changes);
                return true;
            }
            CommitSlices slices = new CommitSlices(changes, COMMIT_INTERVAL);
            boolean complete = true;
            while (slices.hasMore()) {
                if (!applySlice(slices.next())) {
                    complete = false;
                    if (gap != null) {
                        return false;
                    }
                }
            }
            return complete;
        }

        /** One apply call; false when a change failed. */
        private boolean applySlice(Iterator<PlannedChange> changes) {
            ApplyReport r = slices.apply(changes);
            counts = counts.plus(r.counts());
            failures.addAll(r.failures());
            for (ListenerFailure f : r.listenerFailures()) {
                listenerFailures.add(f);
                context.listener().note("named graphs not kept in step (the next run rebuilds them): " + f.message());
            }
            if (r.gap() != null) {
                gap = r.gap();
                held += r.held();
                return false;
            }
            return r.settled();
        }

        /** The changes marked as independent of each other (the applier goes past a failed one). */
        private Iterator<PlannedChange> unordered(Iterator<PlannedChange> changes) {
            return new Iterator<>() {
                @Override
                public boolean hasNext() {
                    return changes.hasNext();
                }

                @Override
                public PlannedChange next() {
                    return changes.next().asUnordered();
                }
            };
        }

        private void record(URI document, Findings f) {
            harvestRun.record(document, f);
        }

        private HarvestReport report() {
            ApplyReport apply = job.dryRun() ? null : new ApplyReport(job.sourceId(), runId, counts,
                    harvestRun.storedCheckpoint(), gap, held, failures, harvestRun.elapsed(), listenerFailures);
            return harvestRun.report(PROTOCOL, apply, fetch, planned + slices.taken());
        }
    }

    private static Findings single(String rule, String message) {
        Findings f = new Findings();
        f.info(rule, message, 0, 0);
        return f;
    }

}
