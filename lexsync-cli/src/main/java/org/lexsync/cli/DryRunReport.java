package org.lexsync.cli;

import org.lexsync.engine.DryRuns;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import org.lexsync.engine.LexSync;
import org.lexsync.engine.model.PlannedChange;
import org.lexsync.engine.model.HarvestListener;
import org.lexsync.engine.model.ResourceState;

/**
 * What a dry run would do to the store: each planned change compared with the stored resource (or with the
 * outcome of an earlier change to the same URI in this plan) and counted as a create, an update, a delete or
 * no change, with the URIs kept for {@code --print-changes}. Exists because the planned-change count alone said
 * nothing about the store ("created 0 … 2920 changes planned"). Looks the store up in chunks, not per change.
 */
final class DryRunReport implements HarvestListener {
    private static final int CHUNK = 500;

    /** What applying a change would do. */
    enum Effect { CREATE, UPDATE, DELETE, UNCHANGED }

    private final Function<Collection<String>, Map<String, ResourceState>> lookup;
    private final boolean keepUris;
    private final List<PlannedChange> pending = new ArrayList<>(CHUNK);
    /** URIs this plan already touched: true when the plan leaves them active. */
    private final Map<String, Boolean> projected = new HashMap<>();
    private final long[] counts = new long[Effect.values().length];
    private final List<String> lines = new ArrayList<>();

    /**
     * {@code lookup} gives the stored resources of the source among some URIs (null when there is no store:
     * then every upsert is a create and every delete touches nothing); {@code keepUris} keeps one line per change.
     */
    DryRunReport(Function<Collection<String>, Map<String, ResourceState>> lookup, boolean keepUris) {
        this.lookup = lookup;
        this.keepUris = keepUris;
    }

    @Override
    public synchronized void planned(PlannedChange change) {
        pending.add(change);
        if (pending.size() >= CHUNK) {
            settle();
        }
    }

    private void settle() {
        if (pending.isEmpty()) {
            return;
        }
        Map<String, ResourceState> stored = lookup == null ? Map.of()
                : lookup.apply(pending.stream().map(PlannedChange::resourceUri).toList());
        for (PlannedChange c : pending) {
            Effect e = effect(c, stored.get(c.resourceUri()));
            counts[e.ordinal()]++;
            if (keepUris && e != Effect.UNCHANGED) {
                lines.add(e.name().toLowerCase(Locale.ROOT) + " " + c.resourceUri());
            }
        }
        pending.clear();
    }

    private Effect effect(PlannedChange c, ResourceState current) {
        Boolean earlier = projected.get(c.resourceUri());
        boolean active = earlier != null ? earlier : current != null && current.active();
        projected.put(c.resourceUri(), !c.isDelete());
        if (c.isDelete()) {
            return active ? Effect.DELETE : Effect.UNCHANGED;
        }
        if (!active) {
            return Effect.CREATE;
        }
        return earlier == null && DryRuns.unchangedBy(c, current) ? Effect.UNCHANGED : Effect.UPDATE;
    }

    synchronized long count(Effect e) {
        settle();
        return counts[e.ordinal()];
    }

    /** Prints "would create …" and, when kept, one line per change. */
    synchronized void print(PrintWriter out) {
        settle();
        out.printf(Locale.ROOT, "  would create %d, update %d, delete %d; %d already current"
                        + " (updates are compared by the source's dates and hashes; none was fetched)%n",
                counts[Effect.CREATE.ordinal()], counts[Effect.UPDATE.ordinal()], counts[Effect.DELETE.ordinal()],
                counts[Effect.UNCHANGED.ordinal()]);
        for (String line : lines) {
            out.println("    " + line);
        }
    }
}
