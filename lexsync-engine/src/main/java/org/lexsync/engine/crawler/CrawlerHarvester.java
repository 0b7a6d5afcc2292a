package org.lexsync.engine.crawler;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.lexsync.engine.harvest.CommitSlices;
import org.lexsync.engine.harvest.HarvestContext;
import org.lexsync.engine.harvest.HarvestJob;
import org.lexsync.engine.harvest.HarvestRun;
import org.lexsync.engine.harvest.ProtocolBlock;
import org.lexsync.engine.harvest.SlicedApply;
import org.lexsync.engine.harvest.Harvester;
import org.lexsync.engine.harvest.SourceRules;
import org.lexsync.engine.model.ApplyProgress;
import org.lexsync.engine.model.ApplyReport;
import org.lexsync.engine.model.ChangeFailure;
import org.lexsync.engine.model.HarvestReport;
import org.lexsync.engine.model.ListenerFailure;
import org.lexsync.engine.model.OptionException;
import org.lexsync.engine.model.PlannedChange;
import org.lexsync.engine.model.ProtocolOptions;
import org.lexsync.engine.model.RunCounts;
import org.lexsync.engine.model.RunStatus;
import org.snakeyaml.engine.v2.nodes.Node;

/**
 * The {@code crawler} protocol: runs a source's {@link PortalCrawler} under the shared run lifecycle
 * ({@link HarvestRun}), so that {@code lexsync sync --config}, {@code lexsync crawl}, the facade and the server's
 * scheduler run portal crawlers like any other source. The crawl's changes go to the applier in slices of two
 * seconds of planning, each committed when it ends with the listing cursor it reached (a killed crawl resumes at the
 * next listing page); a crawl that lists everything stores the "complete" checkpoint, and the next starts over from
 * the first listing page. A run the sanity gate stops ends {@code finished_with_failures} with its finding and
 * deletes nothing (docs/architecture.md, "Crawlers").
 */
public final class CrawlerHarvester implements Harvester {
    static final Duration COMMIT_INTERVAL = Duration.ofSeconds(2);
    /** The option key naming a Java crawler (the generic crawler is described under the source's {@code crawler:} key). */
    public static final String KEY_JAVA = "java";
    /** The option key of the charset override. */
    public static final String KEY_CHARSET = "charset";
    /** The key of a generic crawler's definition in a source of {@code lexsync.yaml}. */
    public static final String BLOCK = "crawler";

    @Override
    public String protocol() {
        return CrawlerOptions.PROTOCOL;
    }

    @Override
    public SourceRules rules() {
        return new SourceRules(1, "one URL: the portal's home page (listing seeds are resolved against it)",
                List.of(KEY_JAVA, KEY_CHARSET), BLOCK);
    }

    /**
     * The source's {@code crawler:} definition ({@link CrawlerConfigReader}), which a source must have unless its
     * options name a Java crawler ({@code java}), and may not have besides one.
     */
    @Override
    public @Nullable ProtocolOptions readBlock(ProtocolBlock block) {
        Node n = block.node();
        if (n == null) {
            if (!block.options().containsKey(KEY_JAVA)) {
                throw block.error("missing value (a crawler source needs a crawler: definition or options: {java: NAME})");
            }
            return null;
        }
        if (block.options().containsKey(KEY_JAVA)) {
            throw block.error("give either a crawler: definition or options: {java: NAME}, not both");
        }
        return CrawlerOptions.generic(new CrawlerConfigReader(block.file()).read(n, block.at()));
    }

    /**
     * Options given as text name a Java crawler ({@code java}) and optionally a charset; a generic crawler is
     * described by the source's {@code crawler:} mapping instead ({@link CrawlerSpec}).
     */
    @Override
    public ProtocolOptions options(Map<String, String> text) {
        String charset = text.get(KEY_CHARSET);
        java.nio.charset.Charset cs = null;
        if (charset != null) {
            try {
                cs = java.nio.charset.Charset.forName(charset.strip());
            } catch (RuntimeException e) {
                throw new OptionException(KEY_CHARSET, charset, "a charset name such as windows-1251");
            }
        }
        String name = text.get(KEY_JAVA);
        if (name == null || name.isBlank()) {
            return new Unconfigured();
        }
        return CrawlerOptions.java(name.strip(), cs);
    }

    /** The options of a crawler source that names no crawler yet: harvesting it says what is missing. */
    record Unconfigured() implements ProtocolOptions {
        @Override
        public String protocol() {
            return CrawlerOptions.PROTOCOL;
        }
    }

    @Override
    public HarvestReport harvest(HarvestJob job, HarvestContext context) {
        if (job.options() instanceof Unconfigured) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "source %s: a crawler source needs a"
                    + " crawler: definition in lexsync.yaml or options {java: NAME}", job.sourceId()));
        }
        CrawlerOptions options = job.options(CrawlerOptions.class);
        PortalCrawler crawler = options.crawler(job.urls().get(0));
        HarvestRun run = HarvestRun.start(job, context);
        Crawl crawl = new Crawl(run, context, crawler, options);
        try {
            return crawl.execute();
        } catch (RuntimeException e) {
            throw run.abort(e, crawl.counts);
        }
    }

    /** One crawl of one source. */
    private static final class Crawl {
        private final HarvestRun run;
        private final HarvestJob job;
        private final HarvestContext context;
        private final CrawlSession session;
        private final CrawlPlanner planner;
        private final List<ChangeFailure> failures = new ArrayList<>();
        private final List<ListenerFailure> listenerFailures = new ArrayList<>();
        private RunCounts counts = RunCounts.ZERO;
        private @Nullable ChangeFailure gap;
        private long held;
        /** Changes planned in a dry run (a real run's are counted by {@link #slices}). */
        private long planned;
        private final SlicedApply slices;

        Crawl(HarvestRun run, HarvestContext context, PortalCrawler crawler, CrawlerOptions options) {
            this.run = run;
            this.job = run.job();
            this.context = context;
            this.session = new CrawlSession(context.fetcher(), options.charset(), context.listener());
            CrawlCheckpoint from = CrawlCheckpoint.parse(run.storedCheckpoint()).orElse(null);
            if (from != null && !from.complete()) {
                context.listener().note("resuming the crawl at the listing cursor " + from.cursor());
            }
            this.planner = new CrawlPlanner(job.sourceId(), crawler, session, context.store(), run.findings(), from,
                    job.dryRun());
            this.slices = new SlicedApply(context.applier(), context, job, run.id());
        }

        HarvestReport execute() {
            if (job.dryRun()) {
                planned = run.drain(planner);
                context.listener().note(String.format(Locale.ROOT, "%d held documents unchanged (asked conditionally)",
                        planner.unchangedInDryRun()));
            } else {
                CommitSlices slices = new CommitSlices(planner, COMMIT_INTERVAL);
                while (slices.hasMore() && gap == null) {
                    applySlice(slices.next());
                }
            }
            ApplyReport report;
            ChangeFailure stop = planner.stop();
            if (stop != null) {
                report = new ApplyReport(job.sourceId(), run.id() == null ? 0 : run.id(), withFailed(1),
                        run.storedCheckpoint(), stop, held, concat(failures, stop), run.elapsed(), listenerFailures);
                if (!job.dryRun()) {
                    run.finish(RunStatus.FINISHED_WITH_FAILURES, report.counts(), stop.reason() + ": " + stop.message());
                }
            } else {
                boolean settled = gap == null && failures.stream().allMatch(ChangeFailure::retriedAlone);
                if (planner.complete() && settled) {
                    run.saveCheckpoint(planner.completeCheckpoint());
                }
                report = new ApplyReport(job.sourceId(), run.id() == null ? 0 : run.id(), withFailed(0),
                        run.storedCheckpoint(), gap, held, failures, run.elapsed(), listenerFailures);
                if (!job.dryRun()) {
                    run.finish(report);
                }
            }
            return new HarvestReport(job.sourceId(), CrawlerOptions.PROTOCOL, job.dryRun() ? null : report,
                    session.pages(), session.bytes(), planned + slices.taken(), run.findings(), run.elapsed());
        }

        private RunCounts withFailed(int extra) {
            return new RunCounts(counts.created(), counts.updated(), counts.deleted(), counts.unchanged(),
                    failures.size() + extra);
        }

        private static List<ChangeFailure> concat(List<ChangeFailure> a, ChangeFailure b) {
            List<ChangeFailure> out = new ArrayList<>(a);
            out.add(b);
            return out;
        }

        private void applySlice(Iterator<PlannedChange> changes) {
            ApplyReport r = slices.apply(changes);
            counts = counts.plus(new RunCounts(r.counts().created(), r.counts().updated(), r.counts().deleted(),
                    r.counts().unchanged(), 0));
            failures.addAll(r.failures());
            listenerFailures.addAll(r.listenerFailures());
            if (r.gap() != null) {
                gap = r.gap();
                held += r.held();
            }
        }
    }
}
