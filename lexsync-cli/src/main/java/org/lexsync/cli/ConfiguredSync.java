package org.lexsync.cli;

import org.lexsync.engine.Protocols;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.lexsync.core.LexsyncException;
import org.lexsync.engine.LexSync;
import org.lexsync.engine.model.HarvestReport;
import org.lexsync.engine.model.Politeness;
import org.lexsync.engine.model.RunCounts;
import org.lexsync.engine.model.Source;
import org.lexsync.engine.model.SourceBusyException;
import org.lexsync.engine.model.StoreException;

/**
 * {@code lexsync sync --config FILE [ID…]}: harvests the named sources of {@code lexsync.yaml} (or all
 * approved ones) one after another, each with its own politeness, and ends with one summary. A source that
 * cannot be read, or that another process is harvesting (its lease), is reported and the next one runs. Exit code:
 * 0 all complete, 1 some item failures or some sources unreadable or busy, 2 when every selected source is being
 * harvested by another process (as for one source), 3 when no selected source could be read.
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
        List<Source> config = ConfigFiles.read(file);
        List<Source> selected = new ArrayList<>();
        if (ids == null || ids.isEmpty()) {
            selected.addAll(config.stream().filter(Source::approved).toList());
            if (selected.isEmpty()) {
                out.printf(Locale.ROOT, "no approved sources in %s%n", file);
                out.flush();
                return 0;
            }
        } else {
            for (String id : ids) {
                selected.add(config.stream().filter(s -> s.id().equals(id)).findFirst()
                        .orElseThrow(() -> new Main.UsageException(String.format(Locale.ROOT,
                                "no source '%s' in %s (sources: %s)", id, file,
                                String.join(", ", config.stream().map(Source::id).toList())))));
            }
        }
        HarvestRunner runner = new HarvestRunner(storeOptions, options, out, err);
        Tally tally;
        try (LexSync lexsync = runner.open(new Politeness(options.concurrency,
                options.delay != null ? options.delayOr(null) : Politeness.DEFAULT.minDelay()))) {
            tally = syncAll(lexsync, selected, runner);
        }
        RunCounts total = tally.total();
        int withFailures = tally.withFailures();
        int unreadable = tally.unreadable();
        String busy = tally.busy() == 0 ? "" : String.format(Locale.ROOT, ", %d busy", tally.busy());
        if (options.dryRun) {
            out.printf(Locale.ROOT, "%d source%s [dry run, nothing written]: %d with failures, %d unreadable%s%n",
                    selected.size(), selected.size() == 1 ? "" : "s", withFailures, unreadable, busy);
        } else {
            out.printf(Locale.ROOT, "%d source%s: created %d, updated %d, deleted %d, unchanged %d, failed %d;"
                            + " %d with failures, %d unreadable%s%n", selected.size(), selected.size() == 1 ? "" : "s",
                    total.created(), total.updated(), total.deleted(), total.unchanged(), total.failed(), withFailures,
                    unreadable, busy);
        }
        out.flush();
        if (tally.busy() == selected.size()) {
            return Main.EXIT_USAGE;
        }
        if (unreadable == selected.size()) {
            return Main.EXIT_UNREADABLE;
        }
        return withFailures + unreadable + tally.busy() > 0 ? Main.EXIT_FAILURES : 0;
    }

    /** What the sources of one configured sync came to. */
    private record Tally(RunCounts total, int withFailures, int unreadable, int busy) {
    }

    /**
     * Harvests {@code selected} one after another. Each configured definition is stored as the file gives it (a
     * contact learned from the source is kept when the file gives none); the run uses it with the command line's
     * politeness and give-up options over it.
     */
    private Tally syncAll(LexSync lexsync, List<Source> selected, HarvestRunner runner) {
        RunCounts total = RunCounts.ZERO;
        int withFailures = 0;
        int unreadable = 0;
        int busy = 0;
        for (Source s : selected) {
            lexsync.register(s); // stores nothing in a dry run
            lexsync.registerIfUnknown(forThisRun(s));
            try {
                HarvestReport report = runner.harvest(lexsync, s.id());
                if (report.apply() != null) {
                    total = total.plus(report.apply().counts());
                }
                if (HarvestRunner.exitCode(report, lexsync) != 0) {
                    withFailures++;
                }
            } catch (StoreException e) {
                throw e; // a full, read-only or damaged store stops every source (exit 4), not just this one
            } catch (SourceBusyException e) {
                busy++;
                err.printf(Locale.ROOT, "lexsync: %s%n", e.getMessage());
                err.flush();
            } catch (LexsyncException | IllegalArgumentException e) {
                unreadable++;
                err.printf(Locale.ROOT, "lexsync: %s: %s%n", s.id(), e.getMessage());
                err.flush();
            }
        }
        return new Tally(total, withFailures, unreadable, busy);
    }

    /**
     * The source as this run uses it: its politeness (an explicit --delay or --concurrency on the command line
     * wins, else the file's, else the protocol's default) and its give-up rule under the command line's.
     */
    private Source forThisRun(Source s) {
        Duration delay = options.delay != null ? options.delayOr(null)
                : s.delay() != null ? s.delay() : Protocols.defaultPoliteness(s.protocol()).minDelay();
        int concurrency = s.concurrency() != null && !concurrencyGiven ? s.concurrency() : options.concurrency;
        return new Source(s.id(), s.urls(), s.options(), delay, concurrency, s.schedule(), s.approved(), s.contact(),
                options.giveUp(s.giveUp()));
    }
}
