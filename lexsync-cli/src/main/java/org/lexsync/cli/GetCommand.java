package org.lexsync.cli;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.lexsync.engine.model.RepresentationRole;
import org.lexsync.engine.model.RepresentationState;
import org.lexsync.engine.model.ResourceState;
import org.lexsync.engine.model.SourceRecord;
import org.lexsync.engine.LexSync;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code lexsync get URI}: writes the stored bytes of one document to standard output or a file, so the
 * documents a sync kept can be used without reaching into the database. Errors (unknown URI, a URI held by
 * several sources, a role not stored) are usage errors naming what exists instead.
 */
@Command(name = "get", mixinStandardHelpOptions = true,
        description = "Writes a stored document's bytes to standard output (or -o FILE).")
final class GetCommand implements Callable<Integer> {

    /** The roles a user can ask for. */
    enum Role { primary, alternate, enclosure, metadata, fulltext }

    @Spec
    CommandSpec spec;

    @Mixin
    StoreOptions storeOptions;

    @Parameters(index = "0", paramLabel = "URI", description = "The resource's URI.")
    String uri;

    @Option(names = "--source", paramLabel = "ID", description = "The source holding it (needed when several do).")
    String source;

    @Option(names = "--role", paramLabel = "ROLE",
            description = "Which file: primary, alternate, enclosure, metadata or fulltext (default: primary, else the"
                    + " first file stored).")
    Role role;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "Write to this file instead of standard output.")
    Path output;

    @Override
    public Integer call() throws IOException {
        try (LexSync lexsync = storeOptions.openExisting()) {
            ResourceState resource = find(lexsync);
            RepresentationState rep = choose(resource);
            spec.commandLine().getOut().flush();
            try (InputStream in = lexsync.store().openBlob(rep.blobKey())) {
                if (output == null) {
                    OutputStream stdout = new FileOutputStream(FileDescriptor.out);
                    in.transferTo(stdout);
                    stdout.flush();
                } else {
                    write(in, output);
                    spec.commandLine().getErr().printf(Locale.ROOT, "lexsync: wrote %d bytes (%s) to %s%n",
                            rep.length(), rep.mediaType() == null ? "unknown type" : rep.mediaType(), output);
                    spec.commandLine().getErr().flush();
                }
            }
        }
        return 0;
    }

    private ResourceState find(LexSync lexsync) {
        if (source != null) {
            if (lexsync.store().storedSource(source).isEmpty()) {
                throw new Main.UsageException(String.format(Locale.ROOT, "no source '%s' in the store (sources: %s)",
                        source, String.join(", ", lexsync.store().storedSources().stream().map(SourceRecord::id).toList())));
            }
            ResourceState r = lexsync.store().resource(source, uri)
                    .orElseThrow(() -> new Main.UsageException("source '" + source + "' holds no resource " + uri));
            return active(r);
        }
        List<ResourceState> found = new ArrayList<>();
        for (SourceRecord s : lexsync.store().storedSources()) {
            lexsync.store().resource(s.id(), uri).ifPresent(found::add);
        }
        List<ResourceState> active = found.stream().filter(ResourceState::active).toList();
        if (active.size() > 1) {
            throw new Main.UsageException(String.format(Locale.ROOT,
                    "%s is held by %d sources: %s; choose one with --source ID", uri, active.size(),
                    String.join(", ", active.stream().map(ResourceState::sourceId).toList())));
        }
        if (active.size() == 1) {
            return active.get(0);
        }
        if (!found.isEmpty()) {
            return active(found.get(0));
        }
        throw new Main.UsageException("no stored resource " + uri + " (lexsync resources lists them)");
    }

    private static ResourceState active(ResourceState r) {
        if (!r.active()) {
            throw new Main.UsageException(String.format(Locale.ROOT, "%s was deleted from source '%s'%s; its bytes are"
                    + " only in the journal", r.uri(), r.sourceId(),
                    r.lastHarvested() == null ? "" : " (seen " + r.lastHarvested() + ")"));
        }
        return r;
    }

    private RepresentationState choose(ResourceState r) {
        if (r.representations().isEmpty()) {
            throw new Main.UsageException(r.uri() + " has no stored file in source '" + r.sourceId() + "'");
        }
        if (role == null) {
            return ResourcesCommand.primary(r);
        }
        RepresentationRole wanted = RepresentationRole.fromToken(role.name());
        return r.representations().stream().filter(x -> x.role() == wanted).findFirst()
                .orElseThrow(() -> new Main.UsageException(String.format(Locale.ROOT,
                        "%s has no %s file in source '%s' (stored: %s)", r.uri(), role, r.sourceId(),
                        String.join(", ", r.representations().stream().map(x -> x.role().token()).distinct().toList()))));
    }

    /** Writes through a temporary file beside the target, so an interrupted get leaves no half file. */
    private static void write(InputStream in, Path target) {
        Path absolute = target.toAbsolutePath();
        Path dir = absolute.getParent();
        try {
            if (Files.isDirectory(absolute)) {
                throw new Main.UsageException(target + " is a directory; give a file name with -o");
            }
            if (dir != null && !Files.isDirectory(dir)) {
                throw new Main.UsageException("no directory " + dir + " for -o " + target);
            }
            Path temp = Files.createTempFile(dir, ".lexsync-get-", ".part");
            try {
                Files.copy(in, temp, StandardCopyOption.REPLACE_EXISTING);
                Files.move(temp, absolute, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } finally {
                Files.deleteIfExists(temp);
            }
        } catch (IOException e) {
            throw new Main.UsageException("cannot write " + target + ": " + e);
        }
    }
}
