package org.lexsync.core.documentgroup;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** Writer and reader agree on every well-formed group, and the writer's output satisfies Appendix I. */
class DocumentGroupRoundTripProperties {
    private static final DocumentGroupValidator VALIDATOR = DocumentGroupValidator.create();
    private static final List<String> FORMATS = List.of("application/zip", "application/gzip", "application/pdf",
            "image/gif", "image/jpeg", "image/png", "image/tiff", "image/bmp", "text/css", "text/html", "text/htm",
            "text/javascript", "text/xml");

    @Property(tries = 200)
    void writeThenReadGivesAnEqualGroup(@ForAll("groups") DocumentGroup group) {
        DocumentGroup back = DocumentGroupWriterTest.readBack(DocumentGroupWriterTest.write(group));

        assertThat(back).isEqualTo(group);
    }

    @Property(tries = 100)
    void writtenGroupsHaveNoErrorFindings(@ForAll("groups") DocumentGroup group) {
        ValidationResult result = VALIDATOR.validate(DocumentGroupWriterTest.write(group), "generated.xml");

        assertThat(result.findings().list()).filteredOn(f -> f.severity() == org.lexsync.core.findings.Severity.ERROR)
                .isEmpty();
        assertThat(result.group()).isEqualTo(group);
    }

    @Provide
    Arbitrary<DocumentGroup> groups() {
        Arbitrary<Instant> dates = Arbitraries.longs().between(Instant.parse("1990-01-01T00:00:00Z").getEpochSecond(),
                Instant.parse("2100-01-01T00:00:00Z").getEpochSecond()).map(Instant::ofEpochSecond);
        Arbitrary<List<Document>> documents = document().list().ofMinSize(1).ofMaxSize(6)
                .uniqueElements(Document::file).uniqueElements(d -> d.identifier().toLowerCase(Locale.ROOT));
        return Combinators.combine(dates, text(), Arbitraries.of("EN", "DE", "fr", "bg", "ita"), text(), guid(),
                        Arbitraries.of(Operation.class), Arbitraries.of(GroupType.class), documents)
                .as((date, crawler, lang, file, id, op, type, docs) -> new DocumentGroup(date, crawler, lang,
                        "application/zip", file + ".zip", id, op, type,
                        op == Operation.ADD ? docs.stream().map(DocumentGroupRoundTripProperties::asNew).toList() : docs))
                // §3.2: identifiers are unique across all crawlers, so the group's differs from its documents'
                .filter(g -> g.documents().stream().noneMatch(d -> d.identifier().equalsIgnoreCase(g.identifier())));
    }

    private static Document asNew(Document d) {
        return new Document(d.format(), d.file(), d.identifier(), Operation.ADD, d.url(), d.md5());
    }

    private Arbitrary<Document> document() {
        Arbitrary<String> md5 = Arbitraries.bytes().array(byte[].class).ofSize(16).map(b -> HexFormat.of().formatHex(b));
        Arbitrary<String> file = Arbitraries.strings().withCharRange('a', 'z').withChars('_', '-', '.').ofMinLength(1)
                .ofMaxLength(20).map(s -> s + ".x");
        Arbitrary<String> url = Arbitraries.strings().alpha().numeric().ofMaxLength(30)
                .map(s -> "https://example.org/docs/" + s + "?id=" + s.length() + "&lang=en");
        return Combinators.combine(Arbitraries.of(FORMATS), file, guid(), Arbitraries.of(Operation.class), url, md5)
                .as(Document::new);
    }

    private static Arbitrary<String> guid() {
        return Combinators.combine(Arbitraries.longs(), Arbitraries.longs(), Arbitraries.of(true, false))
                .as((a, b, upper) -> {
                    String s = new UUID(a, b).toString();
                    return upper ? s.toUpperCase(Locale.ROOT) : s;
                });
    }

    /** Printable text with markup characters and non-ASCII letters (no control characters). */
    private static Arbitrary<String> text() {
        return Arbitraries.strings().withCharRange(' ', '~').withChars('é', 'ß', 'Ж', '€', '中').ofMinLength(1)
                .ofMaxLength(40);
    }
}
