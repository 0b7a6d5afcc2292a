package org.lexsync.cli;

import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;
import org.lexsync.engine.model.EliOptions;
import org.lexsync.engine.model.FullTextFormat;
import org.lexsync.engine.model.Politeness;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code lexsync sync eli --sitemap URL --feed URL}: an ELI Pillar IV consumer (ELI Pillar IV annex §4.1):
 * baseline from the Sitemap then the feed's delta on the first run, the feed alone afterwards, the whole
 * Sitemap again with {@code --resync}; page metadata into the store's RDF named graphs, full texts (§4.2) on
 * request. Politeness defaults to the 5 s per host that the processing model asks for.
 */
@Command(name = "eli", mixinStandardHelpOptions = true,
        description = "Harvests an ELI provider (Pillar IV): Sitemap baseline, then daily updates from the update"
                + " Atom feed; page RDFa/JSON-LD into RDF named graphs (see lexsync sparql); optional full texts.")
final class EliSyncCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    StoreOptions storeOptions;

    @Mixin
    HarvestOptions harvestOptions;

    @Option(names = "--sitemap", required = true, paramLabel = "URL", description = "The ELI Sitemap or Sitemap Index.")
    URI sitemap;

    @Option(names = "--feed", required = true, paramLabel = "URL", description = "The ELI update Atom feed.")
    URI feed;

    @Option(names = "--full-text", paramLabel = "none|first|all", defaultValue = "none",
            description = "Full texts per legal expression: none, the first listed format found, or all listed"
                    + " formats (default: ${DEFAULT-VALUE}).")
    String fullText;

    @Option(names = "--languages", paramLabel = "LIST", split = ",",
            description = "Only full texts of these languages (ISO 639-1 'fr' or EU authority codes 'FRA').")
    List<String> languages;

    @Option(names = "--formats", paramLabel = "LIST", split = ",",
            description = "Full-text formats in order of preference (html, xhtml, xml, pdf; default: that order).")
    List<String> formats;

    @Option(names = "--resync", description = "Walk the whole Sitemap again and fetch every page; ELIs gone from"
            + " it are recorded as deleted (processing model step 5).")
    boolean resync;

    @Override
    public Integer call() {
        checkUrl("--sitemap", sitemap);
        checkUrl("--feed", feed);
        String mode = fullText.strip().toLowerCase(Locale.ROOT);
        if (!mode.equals("none") && !mode.equals("first") && !mode.equals("all")) {
            throw new Main.UsageException("--full-text must be none, first or all, was " + fullText);
        }
        Set<String> languageSet = new LinkedHashSet<>();
        if (languages != null) {
            languages.stream().map(String::strip).filter(l -> !l.isEmpty()).forEach(languageSet::add);
        }
        List<FullTextFormat> formatList = new ArrayList<>();
        if (formats != null) {
            for (String f : formats) {
                try {
                    formatList.add(FullTextFormat.parse(f));
                } catch (IllegalArgumentException e) {
                    throw new Main.UsageException("--formats: " + e.getMessage());
                }
            }
        }
        EliOptions options = new EliOptions(EliOptions.FullText.valueOf(mode.toUpperCase(Locale.ROOT)), languageSet,
                formatList, resync);
        HarvestRunner runner = new HarvestRunner(storeOptions, harvestOptions, spec.commandLine().getOut(),
                spec.commandLine().getErr());
        return runner.run(options, List.of(sitemap, feed), Politeness.ELI.minDelay());
    }

    private static void checkUrl(String option, URI url) {
        String scheme = url.getScheme() == null ? "" : url.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https") || url.getHost() == null) {
            throw new Main.UsageException(option + " must be an absolute http(s) URL, was " + url);
        }
    }
}
