package org.lexsync.engine.harvest;

import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.lexsync.engine.model.ConfigException;
import org.snakeyaml.engine.v2.nodes.Node;

/**
 * A protocol's own block of a source in {@code lexsync.yaml} (the key {@link SourceRules#block()}, e.g. a crawler
 * source's {@code crawler:}), handed by the configuration reader to the protocol's {@link Harvester#readBlock} so that
 * the reader names no protocol and a new protocol with structured settings is one harvester more. The block is a
 * composed YAML node (no objects are built from tags); every mistake is reported through {@link #error} so that it
 * still names the file, the line and the key path.
 */
public interface ProtocolBlock {

    /** The configuration file, as errors name it. */
    String file();

    /** The block's key path, e.g. {@code sources[2].crawler}. */
    String at();

    /** The block's node, or null when the source has no such key. */
    @Nullable Node node();

    /** The source's text options ({@code options:}), which may say how the block is to be read or replace it. */
    Map<String, String> options();

    /** An error at {@code key} (a key path), on the line of {@code node} (0 when null). */
    ConfigException error(String key, @Nullable Node node, String problem);

    /** An error about the block as a whole: on its line, or the source's protocol line when it is absent. */
    ConfigException error(String problem);
}
