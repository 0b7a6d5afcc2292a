package org.lexsync.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.lexsync.core.findings.Severity;
import org.lexsync.engine.model.RunRecord;
import org.lexsync.engine.model.SourceRecord;
import org.lexsync.engine.LexSync;
import org.lexsync.fixture.FixtureChange;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.atom.AtomSource;
import org.lexsync.fixture.eli.EliProvider;
import org.lexsync.fixture.demo.DemoPublisher;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code lexsync demo}: shows the whole system on a bundled sample publisher with no network beyond loopback
 * (docs/architecture.md, "Exit codes"). It runs a sequence of small {@link Step}s — start the publisher, baseline sync,
 * publish changes, incremental sync, audit, tell where the data is — each printing what it does and the equivalent
 * command; later protocols add their steps to {@link #steps()}.
 */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = "Runs LexSync against a bundled sample legal publisher on loopback: ResourceSync baseline,"
                + " published changes, incremental sync and audit, an archived Atom feed, the ELI Sitemap + update"
                + " feed and a SPARQL query, into a fresh store.")
final class DemoCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--store", paramLabel = "DIR",
            description = "New or empty directory for the demo's store (default: a new temporary directory, kept"
                    + " afterwards).")
    Path store;

    @Option(names = "--resources", paramLabel = "N", defaultValue = "" + DemoPublisher.DEFAULT_RESOURCES,
            description = "Documents the sample publisher starts with (default: ${DEFAULT-VALUE}).")
    int resources;

    /** What the steps share: the streams, the running publisher, the store and the outcome so far. */
    static final class Context {
        final PrintWriter out;
        final PrintWriter err;
        final Path store;
        DemoPublisher publisher;
        AtomSource atom;
        EliProvider eli;
        FixturePublisher eliPublisher;
        FixturePublisher mirror;
        List<FixtureChange> published = List.of();
        final List<String> problems = new ArrayList<>();

        Context(PrintWriter out, PrintWriter err, Path store) {
            this.out = out;
            this.err = err;
            this.store = store;
        }

        /** Runs a lexsync command line in this process, echoing it; returns its exit code. */
        int lexsync(String... args) {
            out.println("  $ lexsync " + String.join(" ", args));
            out.flush();
            return Main.run(args, out, err);
        }
    }

    /** One step of the demo: a title and what it does. */
    record Step(String title, StepBody body) {
    }

    /** The body of a step. */
    @FunctionalInterface
    interface StepBody {
        void run(Context c) throws Exception;
    }

    /** Titles of five legal expressions, from the named graphs the ELI sync wrote. */
    static final String TITLES_QUERY = "PREFIX eli: <http://data.europa.eu/eli/ontology#> "
            + "SELECT ?expression ?title WHERE { GRAPH ?g { ?expression eli:title ?title } } ORDER BY ?expression LIMIT 5";

    /** The steps in order; protocols add theirs here. */
    static List<Step> steps(int resources) {
        return List.of(
                step("Start the sample publisher", c -> {
                    c.publisher = DemoPublisher.start(resources);
                    c.out.printf(Locale.ROOT, "  %d legal documents at %s%n", c.publisher.publisher().activeResources().size(),
                            c.publisher.baseUri());
                    c.out.printf(Locale.ROOT, "  ResourceSync Source Description: %s%n",
                            c.publisher.resourceSync().sourceDescriptionUri());
                    c.atom = AtomSource.registerDemo(c.publisher.publisher());
                    c.out.printf(Locale.ROOT, "  Atom subscription feed (archived, with a tombstone): %s%n",
                            c.atom.subscriptionUri());
                    // The ELI provider serves its own /eli/ pages, so it gets a loopback server of its own rather
                    // than shadowing the generated documents of the ResourceSync publisher.
                    c.eliPublisher = FixturePublisher.builder().resources(0).start();
                    c.eli = EliProvider.registerDemo(c.eliPublisher);
                    c.out.printf(Locale.ROOT, "  ELI Sitemap: %s%n  ELI update feed: %s%n", c.eli.sitemapUrl(),
                            c.eli.feedUrl());
                }),
                step("Baseline sync (ResourceSync: discovery, Resource Dump, every hash verified)", c ->
                        expect(c, "baseline sync", 0, c.lexsync("sync", "resourcesync", c.publisher.baseUri().toString(),
                                "--store", c.store.toString(), "--delay", "0", "--concurrency", "8"))),
                step("The publisher amends, adds and repeals documents", c -> {
                    c.published = c.publisher.applyScriptedChanges();
                    long created = c.published.stream().filter(x -> x.kind() == FixtureChange.Kind.CREATED).count();
                    long updated = c.published.stream().filter(x -> x.kind() == FixtureChange.Kind.UPDATED).count();
                    long deleted = c.published.stream().filter(x -> x.kind() == FixtureChange.Kind.DELETED).count();
                    c.out.printf(Locale.ROOT, "  %d created, %d updated, %d deleted; one Change List closed, one open%n",
                            created, updated, deleted);
                }),
                step("Incremental sync (Change List Index, forward chronological order, from the checkpoint)", c ->
                        expect(c, "incremental sync", 0, c.lexsync("sync", "resourcesync", c.publisher.baseUri().toString(),
                                "--store", c.store.toString(), "--delay", "0", "--concurrency", "8"))),
                step("Audit the local copy against the source", c ->
                        expect(c, "audit", 0, c.lexsync("audit", "resourcesync", c.publisher.baseUri().toString(),
                                "--store", c.store.toString(), "--delay", "0"))),
                step("Collect the archived Atom feed (walk back through prev-archive, collect oldest first)", c -> {
                    expect(c, "atom collection", 0, c.lexsync("sync", "atom", c.atom.subscriptionUri().toString(),
                            "--store", c.store.toString(), "--delay", "0"));
                    c.out.println("  the publisher withdraws one entry with a tombstone (at:deleted-entry)");
                    c.atom.delete(AtomSource.id(9));
                    expect(c, "atom collection", 0, c.lexsync("sync", "atom", c.atom.subscriptionUri().toString(),
                            "--store", c.store.toString(), "--delay", "0"));
                }),
                step("Sync the ELI Sitemap and update feed; page metadata (RDFa, JSON-LD) into named graphs", c ->
                        expect(c, "ELI sync", 0, c.lexsync("sync", "eli", "--sitemap", c.eli.sitemapUrl().toString(),
                                "--feed", c.eli.feedUrl().toString(), "--store", c.store.toString(), "--delay", "0"))),
                step("Ask the legal metadata a question with SPARQL", c ->
                        expect(c, "SPARQL query", 0, c.lexsync("sparql", "--store", c.store.toString(), TITLES_QUERY))),
                step("Republish the aggregate (Atom archive feed, ResourceSync with dumps, ELI Sitemap and feed) and"
                        + " sync a second store from it", DemoCommand::republish),
                step("Where the data is", c -> {
                    c.out.println("  store: " + c.store.toAbsolutePath());
                    c.out.println("  look at it with:");
                    c.out.println("    lexsync resources --store " + c.store + " --format table");
                    c.out.println("    lexsync changes --store " + c.store + " --format table");
                    c.out.println("    lexsync runs --store " + c.store);
                    c.out.println("  the republished aggregate: " + c.store.resolve(PUBLISHED));
                    c.out.println("    lexsync sparql --store " + c.store + " 'SELECT * WHERE { ?s ?p ?o } LIMIT 10'");
                }));
    }

    static final String PUBLISHED = "published";

    /**
     * Exports the aggregate with {@code lexsync publish}, serves the directory from a loopback server as any web
     * server would, and syncs a second store from its ResourceSync documents, then audits it
     * (docs/architecture.md, "Publishing the aggregate").
     */
    static void republish(Context c) {
        Path export = c.store.resolve(PUBLISHED);
        c.mirror = FixturePublisher.builder().resources(0).start();
        for (String prefix : List.of("/feed/", "/blob/", "/resource/", "/resourcesync/", "/.well-known/", "/eli/")) {
            c.mirror.route(prefix, (request, p) -> {
                Path file = export.resolve(request.path().substring(1)).normalize();
                if (!file.startsWith(export) || !Files.isRegularFile(file)) {
                    return org.lexsync.fixture.FixtureResponse.status(404);
                }
                String name = file.getFileName().toString();
                String type = name.endsWith(".atom") ? "application/atom+xml" : name.endsWith(".xml")
                        || name.equals("resourcesync") ? "application/xml" : "application/octet-stream";
                return org.lexsync.fixture.FixtureResponse.ok(type, Files.readAllBytes(file));
            });
        }
        expect(c, "publish", 0, c.lexsync("publish", "--store", c.store.toString(), "--out", export.toString(),
                "--base-url", c.mirror.baseUri().toString()));
        c.out.printf(Locale.ROOT, "  served at %s: feed/current.atom, .well-known/resourcesync, eli/sitemap.xml%n",
                c.mirror.baseUri());
        String all = c.mirror.baseUri() + "resourcesync/all/capabilitylist.xml";
        String second = c.store.resolve("second-store").toString();
        expect(c, "sync from the aggregate", 0, c.lexsync("sync", "resourcesync", all, "--store", second, "--delay",
                "0", "--concurrency", "8"));
        expect(c, "audit of the second store", 0, c.lexsync("audit", "resourcesync", all, "--store", second,
                "--delay", "0"));
    }

    /**
     * The demo adds sample sources and documents and expects its own counts, so it runs only in a new or empty
     * directory: anything already there (a real store above all) is refused rather than mixed with samples.
     */
    static void refuseUsedStore(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        if (!Files.isDirectory(dir)) {
            throw new Main.UsageException("--store " + dir + " is a file; the demo needs a new or empty directory");
        }
        List<String> names;
        try (var entries = Files.list(dir)) {
            names = entries.map(p -> p.getFileName().toString()).sorted().toList();
        }
        if (!names.isEmpty()) {
            throw new Main.UsageException(String.format(Locale.ROOT, "--store %s already holds %s (%s); the demo adds"
                            + " sample sources and documents, so it needs a new or empty directory (or no --store)", dir,
                    names.contains("lexsync.db") ? "a LexSync store" : "files",
                    String.join(", ", names.stream().limit(5).toList()) + (names.size() > 5 ? ", ..." : "")));
        }
    }

    /**
     * The sources whose last run recorded {@code error} findings: a copy with spec violations is not
     * "verified", even though every planned change was applied.
     */
    static List<String> errorFindings(Path dir) {
        List<String> out = new ArrayList<>();
        try (LexSync lexsync = LexSync.builder(dir).version(Version.current()).build()) {
            for (SourceRecord s : lexsync.store().storedSources()) {
                for (RunRecord run : lexsync.store().runs(s.id(), 1)) {
                    long errors = lexsync.store().findings(run.id()).stream()
                            .filter(f -> f.finding().severity() == Severity.ERROR).count();
                    if (errors > 0) {
                        out.add(String.format(Locale.ROOT, "%s recorded %d error finding%s in run %d (lexsync runs"
                                + " --store %s lists them)", s.id(), errors, errors == 1 ? "" : "s", run.id(), dir));
                    }
                }
            }
        }
        return out;
    }

    private static Step step(String title, StepBody body) {
        return new Step(title, body);
    }

    private static void expect(Context c, String what, int expected, int actual) {
        if (actual != expected) {
            c.problems.add(String.format(Locale.ROOT, "%s ended with exit code %d", what, actual));
        }
    }

    @Override
    public Integer call() throws IOException {
        if (resources < 10 || resources > 100_000) {
            throw new Main.UsageException("--resources must be between 10 and 100000, was " + resources);
        }
        if (store != null) {
            refuseUsedStore(store);
        }
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Path dir = store != null ? store : Files.createTempDirectory("lexsync-demo-");
        Context c = new Context(out, err, dir);
        List<Step> steps = steps(resources);
        try {
            for (int i = 0; i < steps.size(); i++) {
                out.printf(Locale.ROOT, "%n[%d/%d] %s%n", i + 1, steps.size(), steps.get(i).title());
                out.flush();
                steps.get(i).body().run(c);
            }
        } catch (RuntimeException | IOException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        } finally {
            if (c.publisher != null) {
                c.publisher.close();
            }
            if (c.eliPublisher != null) {
                c.eliPublisher.close();
            }
            if (c.mirror != null) {
                c.mirror.close();
            }
        }
        List<String> invalid = errorFindings(dir);
        out.println();
        if (c.problems.isEmpty() && invalid.isEmpty()) {
            out.println("Demo finished: the local copy is verified and in sync with the publisher, over ResourceSync,"
                    + " Atom and ELI.");
            out.flush();
            return 0;
        }
        if (c.problems.isEmpty()) {
            // The sample publisher serves a few documents that break their spec on purpose: the copy holds what
            // was published, and the findings say what is wrong with it; that is not "verified".
            out.println("Demo finished: every change was applied, but some published documents break their spec: "
                    + String.join("; ", invalid) + ".");
            out.flush();
            return 0;
        }
        out.println("Demo finished with problems: " + String.join("; ", c.problems));
        out.flush();
        return Main.EXIT_FAILURES;
    }
}
