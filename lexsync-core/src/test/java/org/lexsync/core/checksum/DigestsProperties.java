package org.lexsync.core.checksum;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** Whatever a {@code hash} attribute holds, its written form reads back to the same digests. */
class DigestsProperties {

    @Property(tries = 300)
    void parsingTheWrittenFormGivesAnEqualValue(@ForAll("attributes") String attribute) {
        Digests d = Digests.parse(attribute);

        assertThat(Digests.parse(d.toString())).isEqualTo(d);
    }

    @Property(tries = 300)
    void everyTokenIsEitherKnownOrKeptAside(@ForAll("attributes") String attribute) {
        Digests d = Digests.parse(attribute);
        long tokens = attribute.isBlank() ? 0 : attribute.trim().split("\\s+").length;

        assertThat(d.unknownTokens().size() + d.known().size()).isLessThanOrEqualTo((int) tokens);
        assertThat(d.known().values()).allSatisfy(g -> assertThat(g.hex()).isEqualTo(g.hex().toLowerCase(Locale.ROOT)));
    }

    @Provide
    Arbitrary<String> attributes() {
        Arbitrary<String> known = Combinators.combine(Arbitraries.of(HashAlgorithm.class), Arbitraries.of(true, false),
                        Arbitraries.bytes().array(byte[].class).ofMinSize(0).ofMaxSize(64))
                .as((a, upper, bytes) -> {
                    String token = upper ? a.token().toUpperCase(Locale.ROOT) : a.token();
                    String hex = HexFormat.of().formatHex(bytes);
                    return token + ":" + (upper ? hex.toUpperCase(Locale.ROOT) : hex);
                });
        Arbitrary<String> other = Arbitraries.strings().withCharRange('!', '~').ofMinLength(1).ofMaxLength(12);
        Arbitrary<String> token = Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(3, known), net.jqwik.api.Tuple.of(1, other));
        return Combinators.combine(token.list().ofMaxSize(5), Arbitraries.of(" ", "\t", "  ", "\n"))
                .as((List<String> tokens, String sep) -> String.join(sep, tokens));
    }
}
