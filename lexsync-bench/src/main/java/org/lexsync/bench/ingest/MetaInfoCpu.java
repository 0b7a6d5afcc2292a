package org.lexsync.bench.ingest;

import java.nio.charset.StandardCharsets;
import java.util.Locale;
import org.lexsync.bench.CpuRounds;
import org.lexsync.core.documentgroup.DocumentGroupValidator;

/**
 * The CPU one check of an uploaded group's MetaInfo costs (issue 31: {@code DocumentGroupValidator.validate}, the
 * reader and the Appendix I XSD), from a cold JVM on: rounds of validations of the MetaInfos {@link IngestBenchmark}
 * uploads (no namespace, {@code --documents} documents each), each round's CPU of this thread per MetaInfo, and the
 * JIT compiler threads' CPU in the round apart. The thread's CPU, not the wall clock, so that the other work on a
 * shared machine does not count.
 *
 * <pre>java -cp benchmarks.jar org.lexsync.bench.ingest.MetaInfoCpu [--documents 5] [--rounds 20] [--per-round 1000]</pre>
 */
public final class MetaInfoCpu {
    private MetaInfoCpu() {
    }

    public static void main(String[] args) {
        int documents = 5;
        int rounds = 20;
        int perRound = 1000;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--documents" -> documents = Integer.parseInt(args[++i]);
                case "--rounds" -> rounds = Integer.parseInt(args[++i]);
                case "--per-round" -> perRound = Integer.parseInt(args[++i]);
                default -> throw new IllegalArgumentException("unknown argument " + args[i]);
            }
        }
        byte[][] metaInfos = new byte[64][];
        for (int g = 0; g < metaInfos.length; g++) {
            metaInfos[g] = metaInfo(g + 1, documents);
        }
        DocumentGroupValidator validator = DocumentGroupValidator.create();
        System.out.printf(Locale.ROOT, "MetaInfo of %d documents, %d bytes; %d rounds of %d%n", documents,
                metaInfos[0].length, rounds, perRound);
        CpuRounds.run(rounds, perRound, "MetaInfo", i -> validator.validate(metaInfos[i % metaInfos.length],
                "metainfo.xml").findings().list().size());
    }

    /** A MetaInfo as {@link IngestBenchmark} writes it (the same attributes; fixed digests). */
    static byte[] metaInfo(int g, int documents) {
        String group = String.format(Locale.ROOT, "%08x-0000-4000-8000-%012x", g, g);
        StringBuilder meta = new StringBuilder("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<documentgroup"
                + " date=\"2025-01-01T00:00:00\" crawler=\"bench\" lang=\"EN\" format=\"application/zip\""
                + " filename=\"" + g + ".zip\" identifier=\"" + group + "\" operation=\"Add\" type=\"1\">\n");
        for (int d = 0; d < documents; d++) {
            meta.append(String.format(Locale.ROOT, "  <document format=\"text/html\" file=\"doc%d.html\""
                    + " identifier=\"%08x-%04x-4000-9000-%012x\" operation=\"Add\""
                    + " url=\"https://portal.example/%d/%d.html\" md5=\"%032x\"/>\n", d, g, d, g, g, d, g * 31L + d));
        }
        meta.append("</documentgroup>\n");
        return meta.toString().getBytes(StandardCharsets.UTF_8);
    }
}
