package org.lexsync.engine.config;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.lexsync.engine.model.AtomOptions;
import org.lexsync.engine.model.EliOptions;
import org.lexsync.engine.model.OptionException;
import org.lexsync.engine.model.ProtocolOptions;
import org.lexsync.engine.model.ResourceSyncOptions;

/**
 * What each protocol requires of a configured source — how many URLs and what they mean, which options it
 * understands — so {@link ConfigReader} rejects a wrong source when the file is read (with file, line and key)
 * instead of at sync time, possibly hours later on a schedule. Option values are checked by the protocol's own
 * typed options ({@code fromText}), so there is one reading of every option.
 */
final class ProtocolRules {

    /** One protocol's rule: the exact number of URLs and what they are, the option keys, and their reader. */
    record Rule(int urls, String urlsMeaning, List<String> keys, Function<Map<String, String>, ProtocolOptions> reader) {

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

    private static final Map<String, Rule> RULES = Map.of(
            ResourceSyncOptions.PROTOCOL, new Rule(1, "one URL (the Source Description, a Capability List or"
                    + " any URL of the source for discovery)", ResourceSyncOptions.KEYS, ResourceSyncOptions::fromText),
            AtomOptions.PROTOCOL, new Rule(1, "one URL (the subscription feed)", AtomOptions.KEYS, AtomOptions::fromText),
            EliOptions.PROTOCOL, new Rule(2, "two URLs: the Sitemap, then the update feed", EliOptions.KEYS,
                    EliOptions::fromText));

    private ProtocolRules() {
    }

    /** The rule for a protocol, if it has one. */
    static Optional<Rule> forProtocol(String protocol) {
        return Optional.ofNullable(RULES.get(protocol));
    }
}
