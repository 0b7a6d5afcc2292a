package org.lexsync.engine.config;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import org.lexsync.engine.harvest.Harvester;
import org.lexsync.engine.harvest.Harvesters;
import org.lexsync.engine.harvest.ProtocolBlock;
import org.lexsync.engine.harvest.SourceRules;
import org.lexsync.engine.model.OptionException;
import org.lexsync.engine.model.ProtocolOptions;

/**
 * What each protocol requires of a configured source — how many URLs and what they mean, which options it
 * understands — so {@link ConfigReader} rejects a wrong source when the file is read (with file, line and key)
 * instead of at sync time, possibly hours later on a schedule. The harvesters say it themselves
 * ({@link Harvester#rules()}), and option values are checked by the protocol's own typed options
 * ({@link Harvester#options}), so there is one reading of every option and this package names no protocol.
 */
final class ProtocolRules {

    /**
     * One protocol's rule: the exact number of URLs and what they are, the option keys and their reader, and the key
     * of the protocol's own block with the harvester that reads it.
     */
    record Rule(int urls, String urlsMeaning, List<String> keys, Function<Map<String, String>, ProtocolOptions> reader,
                @Nullable String block, Function<ProtocolBlock, @Nullable ProtocolOptions> blockReader) {

        /** The options the protocol's block defines, or null to keep the text options. */
        @Nullable ProtocolOptions readBlock(ProtocolBlock b) {
            return blockReader.apply(b);
        }

        /** What is wrong with one option's value, if anything (e.g. {@code one of list, dump, auto}). */
        Optional<String> problem(String key, String value) {
            try {
                reader.apply(Map.of(key, value));
                return Optional.empty();
            } catch (OptionException e) {
                return Optional.of(e.expected());
            }
        }
    }

    private ProtocolRules() {
    }

    /** The rule for a protocol, if a harvester of that name is on the class path. */
    static Optional<Rule> forProtocol(String protocol) {
        return Harvesters.forProtocol(protocol).map(ProtocolRules::rule);
    }

    /** The block keys of the protocols on the class path, each with its protocol (e.g. crawler → crawler). */
    static Map<String, String> blocks() {
        Map<String, String> out = new TreeMap<>();
        for (Harvester h : Harvesters.all()) {
            String block = h.rules().block();
            if (block != null) {
                out.put(block, h.protocol());
            }
        }
        return out;
    }

    private static Rule rule(Harvester h) {
        SourceRules r = h.rules();
        return new Rule(r.urls(), r.urlsMeaning(), r.optionKeys(), h::options, r.block(), h::readBlock);
    }
}
