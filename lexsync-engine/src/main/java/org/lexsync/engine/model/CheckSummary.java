package org.lexsync.engine.model;

/**
 * The counts at the head of a check report: documents read, entries seen, linked resources sampled (fetched to
 * verify hash, length and media type), rules passed, and rules broken as errors or as warnings, with the number of
 * error and warning findings behind them.
 */
public record CheckSummary(long documentsRead, long entries, long resourcesSampled, int rulesPassed,
                           int rulesWithErrors, int rulesWithWarnings, long errors, long warnings) {
}
