package org.lexsync.engine.harvest;

import org.lexsync.engine.model.HarvestReport;
import java.util.ArrayList;
import java.util.List;

/**
 * What happened in a live-source scenario, run by run, for the failure message of a property: jqwik shows
 * the shrunk script, this shows what the harvester made of it (counts, the change it stopped at and why,
 * and how the store differed from the source).
 */
public final class RunStory {
    private final String setting;
    private final List<String> lines = new ArrayList<>();
    private int incomplete;

    /** {@code setting}: the script and the source's options, first line of the story. */
    public RunStory(String setting) {
        this.setting = setting;
    }

    public synchronized void add(String line) {
        lines.add(line);
    }

    /** One line for a finished run. */
    public void ran(String what, HarvestReport r) {
        StringBuilder b = new StringBuilder(what).append(": ");
        if (r.apply() == null) {
            b.append("nothing to apply");
        } else {
            b.append(r.complete() ? "complete" : "incomplete").append(", ").append(r.apply().counts());
            if (!r.complete()) {
                synchronized (this) {
                    incomplete++;
                }
            }
            if (r.apply().gap() != null) {
                b.append(", stopped at ").append(r.apply().gap().resourceUri()).append(" (")
                        .append(r.apply().gap().reason()).append(": ").append(r.apply().gap().message()).append("), ")
                        .append(r.apply().held()).append(" held");
            }
            r.apply().failures().stream().filter(f -> f != r.apply().gap()).forEach(f -> b.append(", failed ")
                    .append(f.resourceUri()).append(" (").append(f.reason()).append(')'));
        }
        add(b.toString());
    }

    /**
     * A label for jqwik's statistics: whether some run stopped on a failure, i.e. whether the try reached
     * the case the property is about (a property whose runs all succeed at once proves little).
     */
    public synchronized String coverage() {
        return incomplete > 0 ? "some run failed and was resumed" : "every run complete at once";
    }

    @Override
    public synchronized String toString() {
        return "  " + setting + "\n  " + String.join("\n  ", lines);
    }
}
