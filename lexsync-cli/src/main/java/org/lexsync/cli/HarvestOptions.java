package org.lexsync.cli;

import java.time.Duration;
import org.lexsync.engine.model.GiveUpRule;
import picocli.CommandLine.Option;

/**
 * Options every {@code lexsync sync …} command shares: politeness, retries, timeouts, identity and dry run.
 * Protocol commands add their own. A null {@link #delay} means "the protocol's default" (ELI: 5 s).
 */
final class HarvestOptions {

    @Option(names = "--source-id", paramLabel = "ID",
            description = "Id of the source in the store (default: derived from the protocol and the URL's host).")
    String sourceId;

    @Option(names = "--delay", paramLabel = "S",
            description = "Minimum seconds between requests to one host (default: the protocol's; 0 for local use).")
    Double delay;

    @Option(names = "--concurrency", paramLabel = "N", defaultValue = "1",
            description = "Requests in flight per host (default: ${DEFAULT-VALUE}).")
    int concurrency;

    @Option(names = "--tries", paramLabel = "N", defaultValue = "4",
            description = "Attempts per request before the item fails and waits for the next run (default: ${DEFAULT-VALUE}).")
    int tries;

    @Option(names = "--timeout", paramLabel = "S", defaultValue = "60",
            description = "Seconds for one request including its body (default: ${DEFAULT-VALUE}).")
    double timeout;

    @Option(names = "--user-agent", paramLabel = "S", description = "User-Agent header (default: LexSync/<version> (+contact)).")
    String userAgent;

    @Option(names = "--contact", paramLabel = "URL-or-EMAIL", description = "Contact named in the User-Agent.")
    String contact;

    @Option(names = "--ignore-robots", description = "Do not obey robots.txt (never the default; only for sources you own).")
    boolean ignoreRobots;

    @Option(names = "--dry-run", description = "Read the source and report what would change; write nothing.")
    boolean dryRun;

    @Option(names = "--give-up-runs", paramLabel = "N",
            description = "Quarantine an item that failed in N consecutive runs (default: the source's rule, else 3).")
    Integer giveUpRuns;

    @Option(names = "--give-up-after", paramLabel = "DURATION",
            description = "Quarantine an item failing for longer than this (e.g. 24h, 2d, PT12H; default 24h).")
    String giveUpAfter;

    /** {@code configured} (the default rule when null) with the command line's --give-up-* values over it. */
    GiveUpRule giveUp(GiveUpRule configured) {
        GiveUpRule rule = configured == null ? GiveUpRule.DEFAULT : configured;
        if (giveUpRuns != null) {
            if (giveUpRuns < 1 || giveUpRuns > 1000) {
                throw new Main.UsageException("--give-up-runs must be between 1 and 1000, was " + giveUpRuns);
            }
            rule = rule.withRuns(giveUpRuns);
        }
        if (giveUpAfter != null) {
            try {
                Duration d = GiveUpRule.parseDuration(giveUpAfter);
                if (d.isZero() || d.isNegative()) {
                    throw new IllegalArgumentException("'" + giveUpAfter + "' is not positive");
                }
                rule = rule.withAfter(d);
            } catch (IllegalArgumentException e) {
                throw new Main.UsageException("--give-up-after: " + e.getMessage());
            }
        }
        return rule;
    }

    @Option(names = "--print-changes",
            description = "With --dry-run: also list each URI that would be created, updated or deleted.")
    boolean printChanges;

    Duration delayOr(Duration protocolDefault) {
        if (delay == null) {
            return protocolDefault;
        }
        if (delay < 0 || delay.isNaN() || delay.isInfinite()) {
            throw new Main.UsageException("--delay must be >= 0 seconds, was " + delay);
        }
        return Duration.ofMillis(Math.round(delay * 1000));
    }

    void validate() {
        if (printChanges && !dryRun) {
            throw new Main.UsageException("--print-changes goes with --dry-run");
        }
        if (concurrency < 1 || concurrency > 64) {
            throw new Main.UsageException("--concurrency must be between 1 and 64, was " + concurrency);
        }
        if (tries < 1 || tries > 20) {
            throw new Main.UsageException("--tries must be between 1 and 20, was " + tries);
        }
        if (!(timeout > 0) || timeout > 86_400) {
            throw new Main.UsageException("--timeout must be > 0 and <= 86400 seconds, was " + timeout);
        }
    }
}
