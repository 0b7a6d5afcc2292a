package org.lexsync.cli;

import java.io.PrintWriter;
import java.net.URI;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.lexsync.engine.LexSync;
import org.lexsync.engine.model.MigrationReport;
import org.lexsync.engine.model.MigrationTarget;
import org.lexsync.engine.model.StoreSettings;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code lexsync store migrate}: moves an installation to the stateless-node layout of issue 31 — the large blobs of
 * the data directory into an object store, the ELI graphs of its TDB2 into a remote SPARQL store — verified item by
 * item and resumable after a kill. The command does not rewrite lexsync.yaml (an operator's file with comments, and
 * shared by every node): it prints the {@code store:} section to put there.
 */
@Command(name = "store", mixinStandardHelpOptions = true,
        description = "Where the store lives (see 'lexsync store migrate').",
        subcommands = {StoreCommand.MigrateCommand.class})
final class StoreCommand implements Callable<Integer> {

    @Override
    public Integer call() {
        throw new Main.UsageException("name an action, e.g. 'lexsync store migrate' (see 'lexsync store --help')");
    }

    /** {@code lexsync store migrate --to-blobs s3://… [--to-rdf URL] [--delete-old]}. */
    @Command(name = "migrate", mixinStandardHelpOptions = true,
            description = "Copies every blob of the data directory to an object store (SHA-256 verified) and every ELI"
                    + " graph of its TDB2 to a SPARQL store (triple count verified). Resumable: run it again after an"
                    + " interruption. The old copies stay until --delete-old.")
    static final class MigrateCommand implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Mixin
        StoreOptions storeOptions;

        @Option(names = "--to-blobs", paramLabel = "s3://BUCKET/PREFIX",
                description = "The object store to copy the blobs to (credentials from $LEXSYNC_S3_ACCESS_KEY and"
                        + " $LEXSYNC_S3_SECRET_KEY, or the variables store.s3 names in lexsync.yaml).")
        String toBlobs;

        @Option(names = "--to-s3-endpoint", paramLabel = "URL",
                description = "Its endpoint, addressed path-style (default: store.s3.endpoint, else AWS's).")
        URI toS3Endpoint;

        @Option(names = "--to-s3-region", paramLabel = "REGION",
                description = "Its region (default: store.s3.region, else us-east-1).")
        String toS3Region;

        @Option(names = "--to-rdf", paramLabel = "URL",
                description = "The SPARQL 1.1 dataset to copy the ELI graphs to, e.g. http://127.0.0.1:3030/lexsync.")
        URI toRdf;

        @Option(names = "--delete-old", description = "Then delete the old copies of what is verified at the new place.")
        boolean deleteOld;

        @Override
        public Integer call() {
            if (toBlobs == null && toRdf == null) {
                throw new Main.UsageException("give --to-blobs s3://BUCKET/PREFIX and/or --to-rdf URL");
            }
            if (toRdf != null && (toRdf.getHost() == null || !"http".equals(toRdf.getScheme())
                    && !"https".equals(toRdf.getScheme()))) {
                throw new Main.UsageException("--to-rdf must be an http(s) URL, was " + toRdf);
            }
            PrintWriter out = spec.commandLine().getOut();
            MigrationTarget target = target(storeOptions.settings());
            MigrationReport report;
            try (LexSync lexsync = storeOptions.openExistingForWriting()) {
                if (lexsync.operations().readOnly()) {
                    throw new Main.UsageException("the store at " + storeOptions.dataDir().toAbsolutePath()
                            + " cannot be written: it cannot be migrated");
                }
                report = lexsync.operations().migrateStore(target, (kind, item, copied, done, total) -> {
                    if (done == total || done % Math.max(1, total / 20) == 0) {
                        out.printf(Locale.ROOT, "store migrate: %d/%d %ss verified%n", done, total, kind);
                        out.flush();
                    }
                });
            } catch (IllegalArgumentException e) {
                throw new Main.UsageException("store migrate: " + e.getMessage());
            }
            out.printf(Locale.ROOT, "store migrate: %d blobs copied (%d bytes), %d verified before; %d graphs copied,"
                            + " %d verified before; %d old blobs and %d old graphs deleted%n", report.blobsCopied(),
                    report.bytesCopied(), report.blobsAlreadyVerified(), report.graphsCopied(),
                    report.graphsAlreadyVerified(), report.blobsDeleted(), report.graphsDeleted());
            out.print(section(target));
            if (!deleteOld) {
                out.printf(Locale.ROOT, "the old copies are kept: run again with --delete-old to remove them%n");
            }
            out.flush();
            return 0;
        }

        private MigrationTarget target(StoreSettings file) {
            URI endpoint = toS3Endpoint != null ? toS3Endpoint : file.s3Endpoint();
            boolean pathStyle = toS3Endpoint != null || file.s3PathStyle() == null ? endpoint != null
                    : file.s3PathStyle();
            try {
                return new MigrationTarget(toBlobs, endpoint, toS3Region != null ? toS3Region : file.s3Region(),
                        pathStyle, file.accessKeyEnv() != null ? file.accessKeyEnv() : "LEXSYNC_S3_ACCESS_KEY",
                        file.secretKeyEnv() != null ? file.secretKeyEnv() : "LEXSYNC_S3_SECRET_KEY", toRdf, deleteOld);
            } catch (IllegalArgumentException e) {
                throw new Main.UsageException(e.getMessage());
            }
        }

        /** The {@code store:} section that points this installation at its new places. */
        private static String section(MigrationTarget t) {
            StringBuilder b = new StringBuilder("use the new location: put this in lexsync.yaml (then restart):\n");
            b.append("store:\n");
            if (t.blobs() != null) {
                b.append("  blobs: ").append(t.blobs()).append('\n');
                b.append("  s3: {");
                if (t.s3Endpoint() != null) {
                    b.append("endpoint: ").append(t.s3Endpoint()).append(", ");
                }
                b.append("region: ").append(t.s3Region() != null ? t.s3Region() : "us-east-1").append(", path-style: ")
                        .append(t.pathStyle()).append(",\n       access-key-env: ").append(t.accessKeyEnv())
                        .append(", secret-key-env: ").append(t.secretKeyEnv()).append("}\n");
            }
            if (t.rdf() != null) {
                b.append("  rdf: ").append(t.rdf()).append('\n');
            }
            return b.toString();
        }
    }
}
