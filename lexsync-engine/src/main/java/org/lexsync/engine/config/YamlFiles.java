package org.lexsync.engine.config;

import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.jspecify.annotations.Nullable;
import org.lexsync.engine.model.ConfigException;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.api.lowlevel.Compose;
import org.snakeyaml.engine.v2.exceptions.MarkedYamlEngineException;
import org.snakeyaml.engine.v2.exceptions.YamlEngineException;
import org.snakeyaml.engine.v2.nodes.Node;

/**
 * The one way {@code lexsync.yaml} becomes a node tree: a bounded read of the file as UTF-8 and snakeyaml-engine's
 * composer with no tags resolved to classes and few aliases, every failure a {@link ConfigException} naming the file
 * (and the line where YAML says one). Shared by the whole-file reader and the store section's own reader.
 */
final class YamlFiles {
    static final int MAX_BYTES = 4 * 1024 * 1024;

    private YamlFiles() {
    }

    /** The text of the file at {@code path}, refused when larger than {@link #MAX_BYTES}. */
    static String text(Path path) {
        try {
            if (Files.size(path) > MAX_BYTES) {
                throw new ConfigException(path.toString(), "", 0, "larger than " + MAX_BYTES + " bytes");
            }
            return Files.readString(path, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new ConfigException(path.toString(), "", 0, "no such file");
        } catch (IOException e) {
            throw new ConfigException(path.toString(), "", 0, "cannot be read: " + e.getMessage());
        }
    }

    /** The file at {@code path} composed; null for an empty document. */
    static @Nullable Node compose(Path path) {
        return compose(new StringReader(text(path)), path.toString());
    }

    /** The YAML document in {@code in} composed; {@code file} names it in errors; null for an empty document. */
    static @Nullable Node compose(Reader in, String file) {
        LoadSettings settings = LoadSettings.builder().setLabel(file).setMaxAliasesForCollections(20)
                .setCodePointLimit(MAX_BYTES).build();
        try {
            return new Compose(settings).composeReader(in).orElse(null);
        } catch (MarkedYamlEngineException e) {
            int line = e.getProblemMark().map(m -> m.getLine() + 1).orElse(0);
            throw new ConfigException(file, "", line, "not valid YAML: " + e.getProblem());
        } catch (YamlEngineException e) {
            throw new ConfigException(file, "", 0, "not valid YAML: " + e.getMessage());
        }
    }
}
