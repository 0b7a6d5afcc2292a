package org.lexsync.cli;

import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.lexsync.core.LexsyncException;
import org.lexsync.engine.model.RdfStoreException;
import org.lexsync.engine.model.SourceBusyException;
import org.lexsync.engine.model.StoreException;
import org.lexsync.engine.model.StoreUnavailableException;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code lexsync} command. Exit codes follow docs/architecture.md, "Exit codes": 0 success, 1 the run finished with
 * item failures (or a checked document has errors), 2 usage or configuration error, 3 the source could not be read at
 * all, 4 a local store error (disk full, read-only store, damaged database). A sync of a source that another process is
 * harvesting is refused with exit code 2, naming that process. A sync stopped by SIGINT or SIGTERM exits 130 or 143
 * after storing what it committed. Expected failures print one line naming what and where, never a stack trace.
 */
@Command(name = "lexsync", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = "Keeps legal open data in sync: harvests, verifies, stores and republishes.")
public final class Main implements Runnable {

    /**
     * The subcommands, in the order help lists them. They are added to the command line at run time, and only the
     * one named when there is one: picocli's model of all of them costs about 0.1 s of CPU in a fresh JVM, a
     * tenth of a short command's start (docs/benchmarks.md, issue 12).
     */
    private static final List<Class<?>> SUBCOMMANDS = List.of(InspectCommand.class, CheckCommand.class,
            SyncCommand.class, CrawlCommand.class, ResourcesCommand.class, ChangesCommand.class, RunsCommand.class,
            GcCommand.class, SourcesCommand.class, ServeCommand.class, AuditCommand.class, DemoCommand.class,
            SparqlCommand.class, RdfCommand.class, StoreCommand.class, GetCommand.class, ExportCommand.class, PublishCommand.class, IngestCommand.class,
            HelpCommand.class);

    /** Exit code: the run finished with item failures, or findings include errors. */
    public static final int EXIT_FAILURES = 1;
    /** Exit code: usage or configuration error. */
    public static final int EXIT_USAGE = 2;
    /** Exit code: the source could not be read at all. */
    public static final int EXIT_UNREADABLE = 3;
    /** Exit code: a local store error (disk full, read-only store, damaged database), not the source's fault. */
    public static final int EXIT_STORE = 4;
    /** Exit code of a sync stopped by SIGINT (128 + 2); SIGTERM gives 143. */
    public static final int EXIT_SIGINT = 130;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        if (args.length == 1 && (args[0].equals("--version") || args[0].equals("-V"))) {
            // The version needs no command tree: picocli's model of every command and option costs 0.2-0.3 s
            // of CPU in a fresh JVM, most of what 'lexsync --version' took.
            PrintWriter out = new PrintWriter(System.out, false, StandardCharsets.UTF_8);
            for (String line : new Version().getVersion()) {
                out.println(line);
            }
            out.flush();
            System.exit(0);
        }
        System.exit(run(args, new PrintWriter(System.out, true, StandardCharsets.UTF_8),
                new PrintWriter(System.err, true, StandardCharsets.UTF_8)));
    }

    /** The subcommand whose name or alias is {@code word}; null when none is (help, options, a typo). */
    static Class<?> subcommandNamed(String word) {
        for (Class<?> sub : SUBCOMMANDS) {
            Command c = sub.getAnnotation(Command.class);
            if (c != null && (c.name().equals(word) || List.of(c.aliases()).contains(word))) {
                return sub;
            }
        }
        return null;
    }

    /** Runs the command line with the given streams; returns the exit code (used by tests). */
    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        CommandLine cli = new CommandLine(new Main());
        Class<?> named = args.length == 0 ? null : subcommandNamed(args[0]);
        for (Class<?> sub : named == null || named == HelpCommand.class ? SUBCOMMANDS : List.<Class<?>>of(named)) {
            cli.addSubcommand(sub);
        }
        cli.setOut(out);
        cli.setErr(err);
        cli.setCaseInsensitiveEnumValuesAllowed(true);
        cli.setExitCodeExceptionMapper(e -> e instanceof CommandLine.ParameterException ? EXIT_USAGE : EXIT_UNREADABLE);
        cli.setParameterExceptionHandler((e, a) -> {
            err.println("lexsync: " + e.getMessage());
            err.println("Try 'lexsync " + commandPath(e.getCommandLine()) + "--help' for usage.");
            return EXIT_USAGE;
        });
        cli.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
            SourceBusyException busy = cause(e, SourceBusyException.class);
            if (busy != null) {
                err.println("lexsync: " + busy.getMessage());
                return EXIT_USAGE;
            }
            StoreUnavailableException unavailable = cause(e, StoreUnavailableException.class);
            if (unavailable != null) {
                err.println("lexsync: " + unavailable.reason() + " (" + unavailable.operation() + ")");
                return EXIT_STORE;
            }
            StoreException store = cause(e, StoreException.class);
            if (store != null) {
                err.println("lexsync: local store error: " + store.getMessage());
                return EXIT_STORE;
            }
            RdfStoreException rdf = cause(e, RdfStoreException.class);
            if (rdf != null) {
                err.println("lexsync: RDF store error: " + rdf.getMessage());
                return EXIT_STORE;
            }
            if (e instanceof GracefulStop.Stopped) {
                return EXIT_SIGINT; // what was kept is printed; the JVM exits with 128 + the signal's number
            }
            if (e instanceof LexsyncException) {
                err.println("lexsync: " + e.getMessage());
                return EXIT_UNREADABLE;
            }
            if (e instanceof UsageException) {
                err.println("lexsync: " + e.getMessage());
                return EXIT_USAGE;
            }
            throw e;
        });
        int code = cli.execute(args);
        out.flush();
        err.flush();
        return code;
    }

    /** {@code e} or the first of its causes of this type, else null. */
    static <T extends Throwable> T cause(Throwable e, Class<T> type) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (type.isInstance(t)) {
                return type.cast(t);
            }
            if (t.getCause() == t) {
                break;
            }
        }
        return null;
    }

    private static String commandPath(CommandLine c) {
        String name = c.getCommandSpec().qualifiedName(" ");
        String path = name.startsWith("lexsync") ? name.substring("lexsync".length()).trim() : name;
        return path.isEmpty() ? "" : path + " ";
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** A usage or configuration error detected after parsing (exit code 2). */
    public static final class UsageException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        public UsageException(String message) {
            super(message);
        }
    }
}
