package org.lexsync.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.lexsync.core.LexsyncException;
import org.lexsync.engine.config.LexsyncConfig;
import org.lexsync.engine.config.SourceConfig;
import org.lexsync.engine.model.Politeness;
import org.lexsync.engine.harvest.HarvestJob;
import org.lexsync.engine.model.HarvestReport;
import org.lexsync.engine.harvest.Harvester;
import org.lexsync.engine.harvest.Harvesters;
import org.lexsync.engine.model.RunCounts;
import org.lexsync.engine.model.SourceRecord;
import org.lexsync.engine.store.Store;
import org.lexsync.engine.model.StoreException;

/**
 * {@code lexsync sync --config FILE [ID…]}: harvests the named sources of {@code lexsync.yaml} (or all
 * approved ones) one after another, each with its own politeness, and ends with one summary. A source that
 * cannot be read is reported and the next one runs. Exit code: 0 all complete, 1 some item failures or some
 * sources unreadable, 3 when no selected source could be read.
 */
final class ConfiguredSync {
    private final StoreOptions storeOptions;
    private final HarvestOptions options;
    private final PrintWriter out;
    private final PrintWriter err;
    private final boolean concurrencyGiven;

    /** {@code concurrencyGiven}: --concurrency was on the command line (it then overrides the file). */
    ConfiguredSync(StoreOptions storeOptions, HarvestOptions options, boolean concurrencyGiven, PrintWriter out,
                   PrintWriter err) {
        this.concurrencyGiven = concurrencyGiven;
        this.storeOptions = storeOptions;
        this.options = options;
        this.out = out;
        this.err = err;
    }

    int run(Path file, List<String> ids) {
        options.validate();
        if (options.sourceId != null) {
            throw new Main.UsageException("--source-id does not apply to a configured sync: ids come from " + file);
        }
        LexsyncConfig config = ConfigFiles.read(file);
        List<SourceConfig> selected = new ArrayList<>();
        if (ids == null || ids.isEmpty()) {
            selected.addAll(config.approved());
            if (selected.isEmpty()) {
                out.printf(Locale.ROOT, "no approved sources in %s%n", file);
                out.flush();
                return 0;
            }
        } else {
            for (String id : ids) {
                selected.add(config.source(id).orElseThrow(() -> new Main.UsageException(String.format(Locale.ROOT,
                        "no source '%s' in %s (sources: %s)", id, file,
                        String.join(", ", config.sources().stream().map(SourceConfig::id).toList())))));
            }
        }
        HarvestRunner runner = new HarvestRunner(storeOptions, options, out, err);
        Tally tally;
        if (options.dryRun) {
            tally = runner.withDryRunStore(store -> syncAll(store, selected, runner));
        } else {
            try (Store store = storeOptions.openForWriting()) {
                tally = syncAll(store, selected, runner);
            }
        }
        RunCounts total = tally.total();
        int withFailures = tally.withFailures();
        int unreadable = tally.unreadable();
        if (options.dryRun) {
            out.printf(Locale.ROOT, "%d source%s [dry run, nothing written]: %d with failures, %d unreadable%n",
                    selected.size(), selected.size() == 1 ? "" : "s", withFailures, unreadable);
        } else {
            out.printf(Locale.ROOT, "%d source%s: created %d, updated %d, deleted %d, unchanged %d, failed %d;"
                            + " %d with failures, %d unreadable%n", selected.size(), selected.size() == 1 ? "" : "s",
                    total.created(), total.updated(), total.deleted(), total.unchanged(), total.failed(), withFailures,
                    unreadable);
        }
        out.flush();
        if (unreadable == selected.size()) {
            return Main.EXIT_UNREADABLE;
        }
        return withFailures + unreadable > 0 ? Main.EXIT_FAILURES : 0;
    }

    /** What the sources of one configured sync came to. */
    private record Tally(RunCounts total, int withFailures, int unreadable) {
    }

    /** Harvests {@code selected} one after another into {@code store}. */
    private Tally syncAll(Store store, List<SourceConfig> selected, HarvestRunner runner) {
        RunCounts total = RunCounts.ZERO;
        int withFailures = 0;
        int unreadable = 0;
        for (SourceConfig s : selected) {
            if (!options.dryRun) {
                register(store, s);
            }
            Harvester harvester = Harvesters.forProtocol(s.protocol()).orElseThrow();
            HarvestJob job = new HarvestJob(s.id(), s.urls(), harvester.options(s.options()), options.dryRun,
                    options.giveUp(s.giveUp()));
            try {
                HarvestReport report = runner.harvest(harvester, job, store, politeness(s));
                if (report.apply() != null) {
                    total = total.plus(report.apply().counts());
                }
                if (HarvestRunner.exitCode(report, store) != 0) {
                    withFailures++;
                }
            } catch (StoreException e) {
                throw e; // a full, read-only or damaged store stops every source (exit 4), not just this one
            } catch (LexsyncException | IllegalArgumentException e) {
                unreadable++;
                err.printf(Locale.ROOT, "lexsync: %s: %s%n", s.id(), e.getMessage());
                err.flush();
            }
        }
        return new Tally(total, withFailures, unreadable);
    }

    /** Stores the configured settings; a contact learned from the source is kept when the file gives none. */
    private static void register(Store store, SourceConfig s) {
        SourceRecord r = s.toRecord();
        if (r.contact() == null) {
            String known = store.sources().get(s.id()).map(SourceRecord::contact).orElse(null);
            r = new SourceRecord(r.id(), r.protocol(), r.entryUrls(), r.schedule(), r.politeness(), r.approved(), known);
        }
        store.sources().put(r);
    }

    /** The source's politeness; an explicit --delay or --concurrency on the command line wins. */
    private Politeness politeness(SourceConfig s) {
        Duration delay = options.delay != null ? options.delayOr(null)
                : s.delay() != null ? s.delay() : defaultDelay(s.protocol());
        int concurrency = s.concurrency() != null && !concurrencyGiven ? s.concurrency() : options.concurrency;
        return new Politeness(concurrency, delay);
    }

    private static Duration defaultDelay(String protocol) {
        return "eli".equals(protocol) ? Politeness.ELI.minDelay() : Politeness.DEFAULT.minDelay();
    }
}
