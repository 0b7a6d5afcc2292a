package org.lexsync.cli;

import java.io.PrintWriter;
import java.net.URI;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.lexsync.engine.LexSync;
import org.lexsync.engine.model.GraphRebuildReport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code lexsync rdf rebuild}: the ELI named graphs are a projection of the store, so they can be written again from
 * the stored pages into the configured graph store (a remote SPARQL store with {@code --rdf-endpoint}, else the data
 * directory's TDB2), e.g. into a new, empty SPARQL store: it is never the only copy.
 */
@Command(name = "rdf", mixinStandardHelpOptions = true,
        description = "The ELI named graphs (see 'lexsync rdf rebuild').",
        subcommands = {RdfCommand.RebuildCommand.class})
final class RdfCommand implements Callable<Integer> {

    @Override
    public Integer call() {
        throw new Main.UsageException("name an action, e.g. 'lexsync rdf rebuild' (see 'lexsync rdf --help')");
    }

    /** {@code lexsync rdf rebuild [--rdf-endpoint URL]}. */
    @Command(name = "rebuild", mixinStandardHelpOptions = true,
            description = "Rebuilds every ELI named graph from the pages the store holds, into the SPARQL store of"
                    + " --rdf-endpoint or else the data directory's TDB2 (a progress bar on a terminal).")
    static final class RebuildCommand implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Mixin
        StoreOptions storeOptions;

        @Override
        public Integer call() {
            PrintWriter out = spec.commandLine().getOut();
            URI endpoint = storeOptions.rdfEndpoint();
            try (LexSync lexsync = storeOptions.openExistingForWriting()) {
                if (lexsync.operations().readOnly()) {
                    throw new Main.UsageException("the store at " + storeOptions.dataDir().toAbsolutePath()
                            + " cannot be written: graphs cannot be rebuilt");
                }
                GraphRebuildReport report;
                try (ProgressView view = ProgressView.create("rdf rebuild", spec.commandLine().getErr())) {
                    report = lexsync.store().rebuildGraphs(view::steps);
                }
                out.printf(Locale.ROOT, "rebuilt %d graphs of %d ELI sources into %s; %d resources without a graph,"
                                + " %d graphs of deleted resources removed%n", report.written(), report.sources(),
                        endpoint == null ? "the local TDB2" : endpoint, report.withoutGraph(), report.removed());
            }
            out.flush();
            return 0;
        }
    }
}
