package org.lexsync.engine.atom;

import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.lexsync.engine.model.AtomOptions;
import org.lexsync.core.atom.Person;
import org.lexsync.core.findings.Findings;
import org.lexsync.core.time.W3cDateTime;
import org.lexsync.engine.model.ApplyReport;
import org.lexsync.engine.model.ChangeFailure;
import org.lexsync.engine.harvest.HarvestContext;
import org.lexsync.engine.harvest.HarvestJob;
import org.lexsync.engine.model.HarvestReport;
import org.lexsync.engine.harvest.Harvester;
import org.lexsync.engine.model.RunCounts;
import org.lexsync.engine.model.RunStatus;
import org.lexsync.engine.model.SourceRecord;
import org.lexsync.engine.store.Store;

/**
 * The collector of the Swedish legal information system (rinfo-atom-insamling §8): reads a source's
 * subscription feed with a conditional GET (an unchanged one ends the run at once), then either walks its
 * archives backwards to what is already collected and climbs forward oldest first (§8.3), or, for an
 * {@code fh:complete} feed, deletes what the feed no longer lists and collects what is newer (§8.2). The
 * planned changes stream to the shared applier, which verifies every md5 and length before anything
 * becomes current; a failed entry holds the checkpoint before it and is collected again on the next run
 * (the subscription's validators are only remembered after a complete run, so the next run re-reads it).
 *
 * <p>Options: {@link AtomOptions} (the largest share of held resources a complete feed may delete in one run).
 */
public final class AtomHarvester implements Harvester {
    /** The protocol name on the command line and in {@code lexsync.yaml}. */
    public static final String PROTOCOL = AtomOptions.PROTOCOL;

    @Override
    public String protocol() {
        return PROTOCOL;
    }

    @Override
    public AtomOptions options(Map<String, String> text) {
        return AtomOptions.fromText(text);
    }

    @Override
    public HarvestReport harvest(HarvestJob job, HarvestContext context) {
        if (job.urls().size() != 1) {
            throw new IllegalArgumentException(String.format(Locale.ROOT,
                    "an atom source has exactly one subscription feed URL, %s has %d", job.sourceId(), job.urls().size()));
        }
        double maxDelete = job.options(AtomOptions.class).maxDeleteFraction();
        Instant started = Instant.now();
        Store store = context.store();
        Findings findings = new Findings();
        PageReader reader = new PageReader(context.fetcher(), store, context.listener(), findings);
        Long runId = job.dryRun() ? null : store.runs().start(job.sourceId());
        return collect(new Attempt(job, context, reader, findings, runId, maxDelete, started), true);
    }

    /** What one harvest shares between its attempts: one run, one reader, one set of findings. */
    private record Attempt(HarvestJob job, HarvestContext context, PageReader reader, Findings findings, Long runId,
                           double maxDelete, Instant started) {
    }

    /**
     * Reads the subscription feed and collects what is new. When fetched bytes match neither the md5 nor the
     * length an entry promised (the publisher changed the file after the feed was read), the feed is read
     * again once in the same run before the change counts as failed (DESIGN §4.6): a newer entry then
     * supersedes it.
     */
    private HarvestReport collect(Attempt a, boolean first) {
        HarvestJob job = a.job();
        HarvestContext context = a.context();
        Store store = context.store();
        PageReader reader = a.reader();
        Findings findings = a.findings();
        Long runId = a.runId();
        double maxDelete = a.maxDelete();
        Instant started = a.started();
        URI url = job.urls().get(0);
        FeedPage subscription = null;
        List<FeedPage> pages = List.of();
        try {
            PageReader.Outcome outcome = reader.subscription(url);
            if (outcome instanceof PageReader.Outcome.Unchanged) {
                context.listener().note(url + " is unchanged since the last complete run");
                // nothing new to collect, but items that wait to be retried on their own still are (DESIGN §4.6)
                ApplyReport retried = job.dryRun() ? null : context.applier().apply(job.sourceId(),
                        Collections.emptyIterator(), runId, context.listener()::applied, job.giveUp());
                finish(store, runId, retried == null || retried.complete() ? RunStatus.SUCCEEDED
                        : RunStatus.FINISHED_WITH_FAILURES, retried == null ? RunCounts.ZERO : retried.counts(), null,
                        findings);
                return new HarvestReport(job.sourceId(), PROTOCOL, retried, reader.documents(), reader.bytes(), 0,
                        findings, since(started));
            }
            subscription = ((PageReader.Outcome.Page) outcome).page();
            rememberContact(store, job.sourceId(), subscription);
            ChangeStream changes;
            boolean rereadNextTime = false;
            if (subscription.header().complete()) {
                pages = List.of(subscription);
                CompleteFeed.Plan plan = CompleteFeed.plan(job.sourceId(), store, subscription, maxDelete, findings,
                        context.listener());
                rereadNextTime = plan.refused();
                W3cDateTime when = subscription.header().updated() != null && subscription.header().updated().ok()
                        ? subscription.header().updated().value() : W3cDateTime.of(Instant.now());
                changes = new ChangeStream(job.sourceId(), plan.deletions(), when, pages, plan.selection());
            } else {
                ArchiveWalk.Result walk = new ArchiveWalk(job.sourceId(), store, reader, context.listener())
                        .walk(subscription, findings);
                pages = walk.pagesOldestFirst();
                changes = new ChangeStream(job.sourceId(), List.of(), null, pages, walk.selection());
            }
            ApplyReport applied = null;
            if (job.dryRun()) {
                while (changes.hasNext()) {
                    context.listener().planned(changes.next());
                }
            } else {
                applied = context.applier().apply(job.sourceId(), changes, runId, context.listener()::applied,
                        job.giveUp());
                if (first && applied.gap() != null && applied.gap().staleBytes()) {
                    context.listener().note(String.format(Locale.ROOT, "%s: %s; reading the feed again",
                            applied.gap().resourceUri(), applied.gap().reason()));
                    HarvestReport again = collect(a, false);
                    return again.apply() == null ? again : new HarvestReport(again.sourceId(), PROTOCOL,
                            applied.then(again.apply()), again.documentsRead(), again.bytesRead(),
                            changes.emitted() + again.planned(), findings, since(started));
                }
                finish(store, runId, applied.complete() ? RunStatus.SUCCEEDED : RunStatus.FINISHED_WITH_FAILURES,
                        applied.counts(), applied.gap() == null ? null
                                : applied.gap().reason() + ": " + applied.gap().message(), findings);
                if (applied.settled() && !rereadNextTime) {
                    reader.remember(subscription);
                }
            }
            return new HarvestReport(job.sourceId(), PROTOCOL, applied, reader.documents(), reader.bytes(),
                    changes.emitted(), findings, since(started));
        } catch (ArchiveChainException e) {
            findings.error("rinfo:8.3/" + e.problem().token(), e.getMessage() + "; nothing newer was collected", 0, 0);
            context.listener().note(e.getMessage());
            ChangeFailure gap = new ChangeFailure(e.url().toString(), e.url().toString(), e.problem().token(),
                    e.getMessage(), e.status(), null);
            RunCounts counts = new RunCounts(0, 0, 0, 0, 1);
            finish(store, runId, RunStatus.FINISHED_WITH_FAILURES, counts, e.getMessage(), findings);
            ApplyReport report = new ApplyReport(job.sourceId(), runId == null ? 0 : runId, counts,
                    store.sources().checkpoint(job.sourceId()).orElse(null), gap, 0, List.of(gap), since(started));
            return new HarvestReport(job.sourceId(), PROTOCOL, report, reader.documents(), reader.bytes(), 0, findings,
                    since(started));
        } catch (RuntimeException e) {
            finish(store, runId, RunStatus.ABORTED, RunCounts.ZERO, e.getMessage(), findings);
            throw e;
        } finally {
            pages.forEach(FeedPage::delete);
            if (subscription != null) {
                subscription.delete();
            }
        }
    }

    /** rinfo §3.1.4: the feed author's email is the publisher's contact for collection errors. */
    private static void rememberContact(Store store, String sourceId, FeedPage page) {
        String email = page.header().authors().stream().map(Person::email).filter(e -> e != null && !e.isBlank())
                .findFirst().orElse(null);
        if (email == null) {
            return;
        }
        store.sources().get(sourceId).filter(s -> s.contact() == null || s.contact().isBlank()).ifPresent(s ->
                store.sources().put(new SourceRecord(s.id(), s.protocol(), s.entryUrls(), s.schedule(), s.politeness(),
                        s.approved(), "mailto:" + email.strip())));
    }

    private static void finish(Store store, Long runId, RunStatus status, RunCounts counts, String error,
                               Findings findings) {
        if (runId == null) {
            return;
        }
        if (!findings.isEmpty()) {
            store.runs().addFindings(runId, null, findings);
        }
        store.runs().finish(runId, status, counts, error);
    }

    private static Duration since(Instant started) {
        return Duration.between(started, Instant.now());
    }
}
