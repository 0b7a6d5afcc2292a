package org.lexsync.cli;

import java.util.concurrent.Callable;
import org.lexsync.engine.model.CheckProtocol;
import org.lexsync.engine.model.CheckRequest;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code lexsync check}: checks a whole publication — ELI Sitemap and feed, ResourceSync source, Atom feed with its
 * archives, or a document group — with the harvesters' own readers, and reports findings grouped by rule. Needs no
 * store.
 */
@Command(name = "check", mixinStandardHelpOptions = true,
        description = {"Checks a whole publication against its specifications, as a harvester would read it, and "
                + "reports findings grouped by rule (text, json, junit or html).",
                "Exit code 0 without errors, 1 with errors, 2 usage, 3 when the root document cannot be read at all "
                        + "(the report is written even then)."},
        subcommands = {CheckCommand.Eli.class, CheckCommand.ResourceSync.class, CheckCommand.Atom.class,
                CheckCommand.DocumentGroup.class})
final class CheckCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** {@code check eli --sitemap URL [--feed URL]} (eli-pillar-iv-protocol §3.2.2, §3.3.2). */
    @Command(name = "eli", mixinStandardHelpOptions = true,
            description = "Checks an ELI Sitemap (or Sitemap Index), its update feed and a sample of ELI pages.")
    static final class Eli implements Callable<Integer> {
        @Spec
        CommandSpec spec;
        @Mixin
        CheckOptions options;
        @Option(names = "--sitemap", required = true, paramLabel = "URL", description = "The ELI Sitemap or index.")
        String sitemap;
        @Option(names = "--feed", paramLabel = "URL",
                description = "The ELI update feed (default: the Sitemap's dct:relation).")
        String feed;

        @Override
        public Integer call() {
            CheckRequest r = options.request(CheckRequest.of(CheckProtocol.ELI, sitemap).withCompanion(feed));
            return options.run(r, spec.commandLine().getOut());
        }
    }

    /** {@code check resourcesync URL} (ANSI/NISO Z39.99-2014). */
    @Command(name = "resourcesync", mixinStandardHelpOptions = true,
            description = "Checks a ResourceSync source: from a site (§6.3 discovery) or any of its documents down "
                    + "to every list, index, dump and manifest.")
    static final class ResourceSync implements Callable<Integer> {
        @Spec
        CommandSpec spec;
        @Mixin
        CheckOptions options;
        @Parameters(paramLabel = "URL", description = "The site, Source Description or any ResourceSync document.")
        String url;

        @Override
        public Integer call() {
            return options.run(options.request(CheckRequest.of(CheckProtocol.RESOURCESYNC, url)),
                    spec.commandLine().getOut());
        }
    }

    /** {@code check atom URL [--profile rfc4287|rinfo]} (RFC 4287, RFC 5005, rinfo-atom-insamling). */
    @Command(name = "atom", mixinStandardHelpOptions = true,
            description = "Checks an Atom feed and its whole RFC 5005 archive chain.")
    static final class Atom implements Callable<Integer> {
        @Spec
        CommandSpec spec;
        @Mixin
        CheckOptions options;
        @Parameters(paramLabel = "URL", description = "The subscription feed.")
        String url;
        @Option(names = "--profile", defaultValue = "rfc4287",
                description = "rfc4287 or rinfo (the Swedish legal information system) (default: ${DEFAULT-VALUE}).")
        CheckRequest.AtomProfile profile;

        @Override
        public Integer call() {
            return options.run(options.request(CheckRequest.of(CheckProtocol.ATOM, url).withAtomProfile(profile)),
                    spec.commandLine().getOut());
        }
    }

    /** {@code check documentgroup META.xml [DATA.zip]} (EUCases D2.1 §3.2, Appendix I). */
    @Command(name = "documentgroup", mixinStandardHelpOptions = true,
            description = "Checks an EUCases document group: the metaInfo XML and, when given, its ZIP package.")
    static final class DocumentGroup implements Callable<Integer> {
        @Spec
        CommandSpec spec;
        @Mixin
        CheckOptions options;
        @Parameters(index = "0", paramLabel = "META.xml", description = "The metaInfo file or URL (or a package "
                + "carrying its own metaInfo).")
        String meta;
        @Parameters(index = "1", arity = "0..1", paramLabel = "DATA.zip", description = "The ZIP package.")
        String data;

        @Override
        public Integer call() {
            return options.run(options.request(CheckRequest.of(CheckProtocol.DOCUMENTGROUP, meta)
                    .withCompanion(data)), spec.commandLine().getOut());
        }
    }
}
