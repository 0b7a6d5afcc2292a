package org.lexsync.engine.resourcesync;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;
import org.lexsync.core.LexsyncException;
import org.lexsync.core.findings.Findings;
import org.lexsync.core.sitemap.Capability;
import org.lexsync.core.xml.XmlDocumentException;
import org.lexsync.core.xml.XmlLimits;
import org.lexsync.engine.model.ApplyProgress;
import org.lexsync.engine.model.ApplyReport;
import org.lexsync.engine.model.AuditReport;
import org.lexsync.engine.model.ChangeFailure;
import org.lexsync.engine.harvest.HarvestContext;
import org.lexsync.engine.harvest.HarvestRun;
import org.lexsync.engine.harvest.SourceReader;
import org.lexsync.engine.harvest.SourceRules;
import org.lexsync.engine.model.SourceUnreadableException;
import org.lexsync.engine.harvest.HarvestJob;
import org.lexsync.engine.model.HarvestReport;
import org.lexsync.engine.harvest.Harvester;
import org.lexsync.engine.model.RunCounts;
import org.lexsync.engine.model.ResourceSyncOptions;

/**
 * The ResourceSync Destination (ANSI/NISO Z39.99-2014 §5.2, plus the v1.1 {@code datetime} attribute):
 * discovers the source's Capability Lists (§6.3), does a baseline from the Resource List or Resource Dump
 * (§10, §11) when the set has none yet, then incremental synchronisation from Change Lists or Change
 * Dumps (§12, §13) in forward chronological order from the stored checkpoint. It only plans; the shared
 * applier fetches, verifies every promised hash and commits change and checkpoint together.
 *
 * <p>Options: {@link ResourceSyncOptions} (baseline source, deletes, which hashes are verified, a start time,
 * exclusions, one capability set, an access token, mirrors, the directory dump bitstreams are unpacked in).
 */
public final class ResourceSyncHarvester implements Harvester {
    public static final String PROTOCOL = ResourceSyncOptions.PROTOCOL;

    private final XmlLimits xmlLimits;
    private final DumpLimits dumpLimits;

    public ResourceSyncHarvester() {
        this(XmlLimits.DEFAULT, DumpLimits.DEFAULT);
    }

    ResourceSyncHarvester(XmlLimits xmlLimits, DumpLimits dumpLimits) {
        this.xmlLimits = xmlLimits;
        this.dumpLimits = dumpLimits;
    }

    @Override
    public String protocol() {
        return PROTOCOL;
    }

    @Override
    public ResourceSyncOptions options(Map<String, String> text) {
        return ResourceSyncOptions.fromText(text);
    }

    @Override
    public AuditReport audit(HarvestJob job, HarvestContext context) {
        ResourceSyncOptions options = job.options(ResourceSyncOptions.class);
        return new ResourceSyncAudit(context.fetcher(), context.store()).audit(job.sourceId(), job.urls().get(0),
                options.capabilityList(), options.accessToken(), context.listener());
    }

    @Override
    public SourceRules rules() {
        return new SourceRules(1, "one URL (the Source Description, a Capability List or any URL of the source for"
                + " discovery)", ResourceSyncOptions.KEYS);
    }

    @Override
    public HarvestReport harvest(HarvestJob job, HarvestContext context) {
        Instant started = Instant.now();
        ResourceSyncOptions options = job.options(ResourceSyncOptions.class);
        Findings findings = new Findings();
        SourceReader reader = new SourceReader(context.fetcher(), context.listener(), context.store(),
                SourceDocuments.headers(options.accessToken()));
        SourceDocuments docs = new SourceDocuments(reader, options.accessToken(), xmlLimits, findings);
        Discovery discovery = new Discovery(docs);
        List<CapabilitySet> sets = options.capabilityList() != null
                ? List.of(discovery.capabilityList(options.capabilityList()))
                : discovery.discover(job.urls().get(0));
        if (sets.size() > 1) {
            context.listener().note(String.format(Locale.ROOT,
                    "%d Capability Lists found; each is synced as its own set (--capability-list picks one)", sets.size()));
        }
        HarvestRun run = HarvestRun.start(job, context, findings, started);
        Result result;
        try {
            Attempt first = new Attempt(run, context, options, docs, sets);
            result = first.run(false);
            // the Resource List is the way round a refused Resource Dump, when every set has one
            boolean listsForAll = sets.stream().allMatch(s -> !s.offers(Capability.RESOURCEDUMP)
                    || s.offers(Capability.RESOURCELIST));
            if (result.dumpFailure() != null && first.baselineFromDump && options.baseline() != ResourceSyncOptions.Baseline.DUMP
                    && listsForAll) {
                context.listener().note("the Resource Dump was refused (" + result.dumpFailure().getMessage()
                        + "); baseline again from the Resource List");
                result = result.then(new Attempt(run, context, options, docs, sets).run(true));
            } else if (result.apply() != null && result.apply().gap() != null && result.apply().gap().staleBytes()) {
                // The bytes match neither the promise nor anything known: the source may have changed the
                // resource since its Change Lists were read. Read them again, once (docs/architecture.md, invariant 6).
                ChangeFailure gap = result.apply().gap();
                context.listener().note(String.format(Locale.ROOT, "%s: %s; reading the change documents again",
                        gap.resourceUri(), gap.reason()));
                result = result.then(new Attempt(run, context, options, docs, sets).run(false));
            }
        } catch (RuntimeException e) {
            throw run.abort(e, RunCounts.ZERO);
        }
        run.finish(result.apply());
        return run.report(PROTOCOL, result.apply(), reader, result.planned());
    }

    private record Result(ApplyReport apply, long planned, DumpPackageException dumpFailure) {

        /** This attempt followed by {@code next} in the same run: counts add up, the later outcome stands. */
        Result then(Result next) {
            if (apply == null || next.apply() == null) {
                return next;
            }
            ApplyReport both = apply.then(next.apply());
            return new Result(both, planned + next.planned(), next.dumpFailure());
        }
    }

    /** One pass over the sets: plan, apply, and move the checkpoint past what needed no change. */
    private final class Attempt {
        private final HarvestRun harvestRun;
        private final HarvestJob job;
        private final HarvestContext context;
        private final ResourceSyncOptions options;
        private final SourceDocuments docs;
        private final List<CapabilitySet> sets;
        private final CheckpointHolder holder;
        private final EntryMapper mapper;
        private final Path tempDir;
        private final List<Supplier<RsCheckpoint.SetState>> finals = new ArrayList<>();
        private final List<URI> finalSets = new ArrayList<>();
        private final List<ListValidators> listValidators = new ArrayList<>();
        boolean baselineFromDump;

        Attempt(HarvestRun harvestRun, HarvestContext context, ResourceSyncOptions options, SourceDocuments docs,
                List<CapabilitySet> sets) {
            this.harvestRun = harvestRun;
            this.job = harvestRun.job();
            this.context = context;
            this.options = options;
            this.docs = docs;
            this.sets = sets;
            this.holder = new CheckpointHolder(RsCheckpoint.parse(harvestRun.storedCheckpoint()));
            this.mapper = new EntryMapper(job.sourceId(), options, docs);
            this.tempDir = scratch(options, context);
        }

        /** The Change List validators of one set; conditional requests only in a run without baseline or --from. */
        private ListValidators validators(boolean conditional) {
            ListValidators v = new ListValidators(docs.reader(), job.sourceId(),
                    conditional && !job.dryRun());
            listValidators.add(v);
            return v;
        }

        Result run(boolean listOnly) {
            Deque<Supplier<Plan>> parts = new ArrayDeque<>();
            for (CapabilitySet set : sets) {
                addSet(set, listOnly, parts);
            }
            Plan plan = Plan.chain(parts);
            if (job.dryRun()) {
                try (plan) {
                    harvestRun.drain(plan);
                }
                return new Result(null, plan.taken(), null);
            }
            ApplyProgress[] last = new ApplyProgress[1];
            ApplyReport report;
            DumpPackageException dumpFailure = null;
            try (plan) {
                report = harvestRun.apply(plan, p -> {
                    last[0] = p;
                    context.listener().applied(p);
                });
            } catch (DumpPackageException | SourceUnreadableException | XmlDocumentException e) {
                if (e instanceof DumpPackageException d) {
                    dumpFailure = d;
                }
                docs.findings().error("rs:5.2/unreadable-document", e.getMessage(), 0, 0);
                report = interrupted(last[0], e);
            }
            if (report.settled()) {
                listValidators.forEach(ListValidators::remember);
                for (int i = 0; i < finalSets.size(); i++) {
                    holder.advance(finalSets.get(i), finals.get(i).get());
                }
                String value = harvestRun.saveCheckpoint(holder.current().encode());
                report = new ApplyReport(report.sourceId(), report.runId(), report.counts(), value, null, 0,
                        report.failures(), report.elapsed(), report.listenerFailures());
            }
            return new Result(report, plan.taken(), dumpFailure);
        }

        /** A report for a run that stopped because a source document failed midway (counts so far + one failure). */
        private ApplyReport interrupted(ApplyProgress last, LexsyncException e) {
            URI url = e instanceof DumpPackageException d ? d.packageUrl()
                    : e instanceof SourceUnreadableException s ? s.url() : null;
            String where = url != null ? url.toString() : e instanceof XmlDocumentException x ? x.document() : "?";
            String reason = e instanceof DumpPackageException ? "dump-package"
                    : e instanceof XmlDocumentException ? "document-malformed" : "document-unreadable";
            int status = e instanceof SourceUnreadableException s ? s.status() : 0;
            ChangeFailure f = new ChangeFailure(where, where, reason, e.getMessage(), status, null);
            return harvestRun.stopped(f, last == null ? RunCounts.ZERO : last.counts(), Duration.ZERO);
        }

        private void addSet(CapabilitySet set, boolean listOnly, Deque<Supplier<Plan>> parts) {
            URI id = set.uri();
            RsCheckpoint.SetState state = holder.get(id);
            boolean changes = set.offers(Capability.CHANGELIST) || set.offers(Capability.CHANGEDUMP);
            boolean baseline = listOnly || options.forceBaseline() || !state.baselineDone() || !changes;
            if (!listOnly && !options.forceBaseline() && !state.baselineDone() && options.from() != null) {
                holder.advance(id, new RsCheckpoint.SetState(true, null, options.from(), 0, null));
                baseline = false;
            }
            BaselinePlan.Slot base = new BaselinePlan.Slot();
            if (baseline) {
                URI list = set.get(Capability.RESOURCELIST);
                URI dump = set.get(Capability.RESOURCEDUMP);
                boolean useDump = !listOnly && dump != null
                        && (options.baseline() != ResourceSyncOptions.Baseline.LIST || list == null);
                if (list == null && dump == null) {
                    context.listener().note(id + " offers no Resource List or Resource Dump; only changes are synced");
                } else if (useDump) {
                    baselineFromDump = true;
                    parts.add(() -> base.fill(new DumpPlan(docs, mapper, dumpLimits, tempDir, id, dump, false, holder)));
                } else {
                    if (options.baseline() == ResourceSyncOptions.Baseline.DUMP) {
                        context.listener().note(id + " offers no Resource Dump; the baseline uses the Resource List");
                    }
                    parts.add(() -> base.fill(new ResourceListPlan(docs, mapper, list)));
                }
            }
            if (baseline && sets.size() == 1 && options.delete() && !job.dryRun()
                    && context.store().resourceCount(job.sourceId(), false) > 0
                    && (set.offers(Capability.RESOURCELIST) || set.offers(Capability.RESOURCEDUMP))) {
                // A repeated baseline of the only set: what the new snapshot no longer lists was deleted (§10.2).
                parts.add(() -> base.get() == null ? Plan.empty() : new ExtraDeletesPlan(context.store(), job.sourceId(),
                        base.get().seen(), uri -> options.excluded(uri), () -> base.get().at()));
            }
            Plan[] incremental = new Plan[1];
            boolean afterBaseline = baseline;
            ListValidators listed = validators(!baseline && options.from() == null);
            parts.add(() -> {
                if (base.get() != null) {
                    holder.advance(id, RsCheckpoint.SetState.baseline(base.get().at()));
                }
                URI changeList = set.get(Capability.CHANGELIST);
                URI changeDump = set.get(Capability.CHANGEDUMP);
                if (changeList != null) {
                    incremental[0] = new ChangeListPlan(docs, mapper, options, id, changeList, holder, listed,
                            afterBaseline);
                } else if (changeDump != null) {
                    incremental[0] = new DumpPlan(docs, mapper, dumpLimits, tempDir, id, changeDump, true, holder);
                } else {
                    incremental[0] = Plan.empty();
                }
                return incremental[0];
            });
            finalSets.add(id);
            finals.add(() -> {
                RsCheckpoint.SetState s = switch (incremental[0]) {
                    case ChangeListPlan c -> c.state();
                    case DumpPlan d -> d.state();
                    case null, default -> holder.get(id);
                };
                if (!changes) {
                    // Without change documents every run is a baseline (§5.2); remember only the snapshot time.
                    return new RsCheckpoint.SetState(false, s.baselineAt(), s.time(), s.sameTime(), s.lastUri());
                }
                return s;
            });
        }
    }

    private static Path scratch(ResourceSyncOptions options, HarvestContext context) {
        Path dir = options.scratchDir();
        if (dir == null) {
            return context.store().tempDirectory();
        }
        try {
            return Files.createDirectories(dir);
        } catch (IOException | RuntimeException e) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "option %s='%s' is not a usable directory: %s",
                    ResourceSyncOptions.KEY_SCRATCH_DIR, dir, e), e);
        }
    }
}
