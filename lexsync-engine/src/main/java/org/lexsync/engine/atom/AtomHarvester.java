package org.lexsync.engine.atom;

import java.net.URI;
import java.time.Instant;
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
import org.lexsync.engine.harvest.HarvestRun;
import org.lexsync.engine.harvest.HarvestStore;
import org.lexsync.engine.harvest.SourceReader;
import org.lexsync.engine.harvest.SourceRules;
import org.lexsync.engine.harvest.HarvestJob;
import org.lexsync.engine.model.HarvestReport;
import org.lexsync.engine.harvest.Harvester;
import org.lexsync.engine.model.RunCounts;
import org.lexsync.engine.model.RunStatus;
import org.lexsync.engine.model.SourceRecord;

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
    public SourceRules rules() {
        return new SourceRules(1, "one URL (the subscription feed)", AtomOptions.KEYS);
    }

    @Override
    public HarvestReport harvest(HarvestJob job, HarvestContext context) {
        double maxDelete = job.options(AtomOptions.class).maxDeleteFraction();
        HarvestRun run = HarvestRun.start(job, context);
        PageReader reader = new PageReader(SourceReader.of(context), run.findings());
        return collect(new Attempt(run, context, reader, maxDelete), true);
    }

    /** What one harvest shares between its attempts: one run (with its findings), one reader. */
    private record Attempt(HarvestRun run, HarvestContext context, PageReader reader, double maxDelete) {
    }

    /**
     * Reads the subscription feed and collects what is new. When fetched bytes match neither the md5 nor the length an
     * entry promised (the publisher changed the file after the feed was read), the feed is read again once in the same
     * run before the change counts as failed (docs/architecture.md, invariant 6): a newer entry then supersedes it.
     */
    private HarvestReport collect(Attempt a, boolean first) {
        HarvestRun run = a.run();
        HarvestJob job = run.job();
        HarvestContext context = a.context();
        HarvestStore store = context.store();
        PageReader reader = a.reader();
        Findings findings = run.findings();
        URI url = job.urls().get(0);
        FeedPage subscription = null;
        List<FeedPage> pages = List.of();
        try {
            PageReader.Outcome outcome = reader.subscription(url);
            if (outcome instanceof PageReader.Outcome.Unchanged) {
                context.listener().note(url + " is unchanged since the last complete run");
                // nothing new to collect, but items that wait to be retried on their own still are (docs/architecture.md, invariant 6)
                ApplyReport retried = run.applyRetries();
                run.finish(retried == null || retried.complete() ? RunStatus.SUCCEEDED
                        : RunStatus.FINISHED_WITH_FAILURES, retried == null ? RunCounts.ZERO : retried.counts(), null);
                return run.report(PROTOCOL, retried, reader.source(), 0);
            }
            subscription = ((PageReader.Outcome.Page) outcome).page();
            rememberContact(store, job.sourceId(), subscription);
            ChangeStream changes;
            boolean rereadNextTime = false;
            if (subscription.header().complete()) {
                pages = List.of(subscription);
                CompleteFeed.Plan plan = CompleteFeed.plan(job.sourceId(), store, subscription, a.maxDelete(), findings,
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
            ApplyReport applied = run.apply(changes);
            if (applied != null) {
                if (first && applied.gap() != null && applied.gap().staleBytes()) {
                    context.listener().note(String.format(Locale.ROOT, "%s: %s; reading the feed again",
                            applied.gap().resourceUri(), applied.gap().reason()));
                    HarvestReport again = collect(a, false);
                    return again.apply() == null ? again : run.report(PROTOCOL, applied.then(again.apply()),
                            reader.source(), changes.emitted() + again.planned());
                }
                run.finish(applied.complete() ? RunStatus.SUCCEEDED : RunStatus.FINISHED_WITH_FAILURES, applied.counts(), applied.gap() == null ? null
                        : applied.gap().reason() + ": " + applied.gap().message());
                if (applied.settled() && !rereadNextTime) {
                    reader.remember(subscription);
                }
            }
            return run.report(PROTOCOL, applied, reader.source(), changes.emitted());
        } catch (ArchiveChainException e) {
            findings.error("rinfo:8.3/" + e.problem().token(), e.getMessage() + "; nothing newer was collected", 0, 0);
            context.listener().note(e.getMessage());
            ChangeFailure gap = new ChangeFailure(e.url().toString(), e.url().toString(), e.problem().token(),
                    e.getMessage(), e.status(), null);
            ApplyReport report = run.stopped(gap, RunCounts.ZERO, run.elapsed());
            run.finish(RunStatus.FINISHED_WITH_FAILURES, report.counts(), e.getMessage());
            return run.report(PROTOCOL, report, reader.source(), 0);
        } catch (RuntimeException e) {
            throw run.abort(e, RunCounts.ZERO);
        } finally {
            pages.forEach(FeedPage::delete);
            if (subscription != null) {
                subscription.delete();
            }
        }
    }

    /** rinfo §3.1.4: the feed author's email is the publisher's contact for collection errors. */
    private static void rememberContact(HarvestStore store, String sourceId, FeedPage page) {
        String email = page.header().authors().stream().map(Person::email).filter(e -> e != null && !e.isBlank())
                .findFirst().orElse(null);
        if (email == null) {
            return;
        }
        store.source(sourceId).filter(s -> s.contact() == null || s.contact().isBlank()).ifPresent(s ->
                store.putSource(new SourceRecord(s.id(), s.protocol(), s.entryUrls(), s.schedule(), s.politeness(),
                        s.approved(), "mailto:" + email.strip())));
    }
}
