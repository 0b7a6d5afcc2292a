package org.lexsync.bench.check;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import org.lexsync.bench.CpuRounds;
import org.lexsync.core.findings.Findings;
import org.lexsync.core.sitemap.RootKind;
import org.lexsync.core.sitemap.SitemapSchemas;

/**
 * The CPU one schema validation of a Sitemap costs on the SAX path ({@code SecureSchemas.validate}, which the
 * conformance checker's Sitemap and ResourceSync checks and a MetaInfo in an undeclared encoding take), from a cold JVM
 * on: rounds of validations of Sitemaps of {@code --urls} URLs each, each round's CPU of this thread per document and
 * the JIT compiler threads' CPU in the round apart. The thread's CPU, not the wall clock, so that the other work on a
 * shared machine does not count. Every {@code --bad-every}th document has a malformed {@code lastmod}, so that the
 * findings' count shows both builds report the same.
 *
 * <pre>java -cp benchmarks.jar org.lexsync.bench.check.SitemapSchemaCpu [--urls 5] [--rounds 20] [--per-round 2000]
 *     [--bad-every 10]</pre>
 */
public final class SitemapSchemaCpu {
    private SitemapSchemaCpu() {
    }

    public static void main(String[] args) {
        int urls = 5;
        int rounds = 20;
        int perRound = 2000;
        int badEvery = 10;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--urls" -> urls = Integer.parseInt(args[++i]);
                case "--rounds" -> rounds = Integer.parseInt(args[++i]);
                case "--per-round" -> perRound = Integer.parseInt(args[++i]);
                case "--bad-every" -> badEvery = Integer.parseInt(args[++i]);
                default -> throw new IllegalArgumentException("unknown argument " + args[i]);
            }
        }
        byte[][] sitemaps = new byte[64][];
        for (int s = 0; s < sitemaps.length; s++) {
            sitemaps[s] = sitemap(s, urls, badEvery > 0 && s % badEvery == 0);
        }
        System.out.printf(Locale.ROOT, "Sitemap of %d URLs, %d bytes; %d rounds of %d%n", urls, sitemaps[1].length,
                rounds, perRound);
        CpuRounds.run(rounds, perRound, "document", i -> {
            Findings f = new Findings();
            SitemapSchemas.validate(new ByteArrayInputStream(sitemaps[i % sitemaps.length]), "sitemap.xml",
                    RootKind.URLSET, f);
            return f.list().size();
        });
    }

    /** A Sitemap of {@code urls} URLs; with one malformed {@code lastmod} when {@code bad}. */
    static byte[] sitemap(int s, int urls, boolean bad) {
        StringBuilder xml = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                + "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n");
        for (int u = 0; u < urls; u++) {
            String lastmod = bad && u == 0 ? "yesterday" : String.format(Locale.ROOT, "2025-01-%02dT10:00:00Z",
                    1 + (u % 28));
            xml.append(String.format(Locale.ROOT, "  <url><loc>https://portal.example/eli/%d/%d</loc>"
                    + "<lastmod>%s</lastmod><changefreq>weekly</changefreq></url>%n", s, u, lastmod));
        }
        xml.append("</urlset>\n");
        return xml.toString().getBytes(StandardCharsets.UTF_8);
    }
}
