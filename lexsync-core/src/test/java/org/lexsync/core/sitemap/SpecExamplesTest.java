package org.lexsync.core.sitemap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.lexsync.core.sitemap.SitemapFixtures.read;

import java.util.List;
import javax.xml.namespace.QName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.lexsync.core.checksum.HashAlgorithm;
import org.lexsync.core.findings.Findings;
import org.lexsync.core.sitemap.SitemapFixtures.Document;
import org.lexsync.core.time.W3cDateTime;
import org.lexsync.core.time.W3cDateTimes;
import org.lexsync.core.xml.XmlElement;

/** Every XML example of ResourceSync Z39.99-2014 and of the ELI Pillar IV Sitemap section, read into the model. */
class SpecExamplesTest {

    private static W3cDateTime t(String text) {
        return W3cDateTimes.parseOrNull(text);
    }

    private static List<String> locs(Document d) {
        return d.entries().stream().map(SitemapEntry::loc).toList();
    }

    @ParameterizedTest
    @ValueSource(strings = {"01", "02", "03", "04", "05", "06", "07", "08", "12", "13", "14", "15", "16", "17", "18",
            "19", "20", "21", "22", "23", "24", "25", "26", "27", "28", "29", "30", "31", "32", "33"})
    void everyResourceSyncExampleReadsWithoutReaderFindings(String number) {
        Document d = read("spec/rs-example-" + number + ".xml");
        assertThat(d.header().isResourceSync()).isTrue();
        assertThat(d.header().capability()).isNotNull();
        assertThat(d.entries()).isNotEmpty().allSatisfy(e -> assertThat(e.loc()).startsWith("http"));
        assertThat(d.findings().list()).isEmpty();
    }

    /**
     * Examples that show complete documents. Walkthrough snippets 1-8 and Example 31 omit the root up link
     * that §10.1/§12.1 make mandatory, Example 27's hashes are not hex; the validator reports those.
     */
    @ParameterizedTest
    @ValueSource(strings = {"06", "12", "13", "14", "15", "16", "17", "18", "19", "20", "21", "22", "23", "24", "25",
            "26", "28", "29", "30", "32", "33"})
    void completeResourceSyncExamplesHaveNoValidatorErrors(String number) {
        Findings f = SitemapFixtures.validate("spec/rs-example-" + number + ".xml", null);
        assertThat(f.hasErrors()).as(f.toString()).isFalse();
    }

    @Test
    void example1ResourceListHasAtAndTwoResources() {
        Document d = read("spec/rs-example-01.xml");
        assertThat(d.header().kind()).isEqualTo(RootKind.URLSET);
        assertThat(d.header().capability()).isEqualTo(Capability.RESOURCELIST);
        assertThat(d.header().md().at()).isEqualTo(t("2013-01-03T09:00:00Z"));
        assertThat(locs(d)).containsExactly("http://example.com/res1", "http://example.com/res2");
    }

    @Test
    void example2CarriesHashesAndADuplicateLink() {
        Document d = read("spec/rs-example-02.xml");
        SitemapEntry second = d.entries().get(1);
        assertThat(second.lastmod()).isEqualTo(t("2013-01-02T14:00:00Z"));
        assertThat(second.md().hash().get(HashAlgorithm.MD5).orElseThrow().hex())
                .isEqualTo("1e0d5cb8ef6ba40c99b14c0237be735e");
        assertThat(second.links()).containsExactly(RsLink.of("duplicate", "http://mirror.example.com/res2"));
    }

    @Test
    void example3ChangeListHasIntervalAndChanges() {
        Document d = read("spec/rs-example-03.xml");
        assertThat(d.header().md().from()).isEqualTo(t("2013-01-02T00:00:00Z"));
        assertThat(d.header().md().until()).isEqualTo(t("2013-01-03T00:00:00Z"));
        assertThat(d.entries()).extracting(SitemapEntry::change).containsExactly(ChangeType.UPDATED, ChangeType.DELETED);
    }

    @Test
    void example4ResourceDumpPointsAtOnePackage() {
        Document d = read("spec/rs-example-04.xml");
        assertThat(d.header().capability()).isEqualTo(Capability.RESOURCEDUMP);
        assertThat(locs(d)).containsExactly("http://example.com/resourcedump.zip");
    }

    @Test
    void example5ManifestGivesPaths() {
        Document d = read("spec/rs-example-05.xml");
        assertThat(d.header().capability()).isEqualTo(Capability.RESOURCEDUMP_MANIFEST);
        assertThat(d.entries()).extracting(e -> e.md().path()).containsExactly("/resources/res1", "/resources/res2");
    }

    @Test
    void example6CapabilityListLinksUpAndDescribedBy() {
        Document d = read("spec/rs-example-06.xml");
        assertThat(d.header().link("up").href()).isEqualTo("http://example.com/resourcesync_description.xml");
        assertThat(d.header().link("describedby").href())
                .isEqualTo("http://example.com/info_about_set1_of_resources.xml");
        assertThat(d.entries()).extracting(e -> e.md().capabilityValue())
                .containsExactly(Capability.RESOURCELIST, Capability.RESOURCEDUMP, Capability.CHANGELIST);
    }

    @Test
    void example7SourceDescriptionListsOneCapabilityList() {
        Document d = read("spec/rs-example-07.xml");
        assertThat(d.header().capability()).isEqualTo(Capability.DESCRIPTION);
        assertThat(d.entries()).singleElement()
                .satisfies(e -> assertThat(e.md().capabilityValue()).isEqualTo(Capability.CAPABILITYLIST));
    }

    @Test
    void example8ResourceListIndexIsASitemapIndex() {
        Document d = read("spec/rs-example-08.xml");
        assertThat(d.header().kind()).isEqualTo(RootKind.SITEMAPINDEX);
        assertThat(d.header().isIndex()).isTrue();
        assertThat(d.entries()).hasSize(2);
    }

    @Test
    void example12SourceDescriptionEntriesLinkToDescriptions() {
        Document d = read("spec/rs-example-12.xml");
        assertThat(d.header().link("describedby").href()).isEqualTo("http://example.com/info_about_source.xml");
        assertThat(d.entries()).hasSize(3).allSatisfy(e -> {
            assertThat(e.md().capabilityValue()).isEqualTo(Capability.CAPABILITYLIST);
            assertThat(e.link("describedby")).isNotNull();
        });
    }

    @Test
    void example13CapabilityListHasFourCapabilities() {
        Document d = read("spec/rs-example-13.xml");
        assertThat(d.entries()).extracting(e -> e.md().capabilityValue()).containsExactly(Capability.RESOURCELIST,
                Capability.RESOURCEDUMP, Capability.CHANGELIST, Capability.CHANGEDUMP);
    }

    @Test
    void example14ResourceListKeepsTwoDigestsLengthAndType() {
        Document d = read("spec/rs-example-14.xml");
        assertThat(d.header().md().completed()).isEqualTo(t("2013-01-03T09:01:00Z"));
        RsMetadata md = d.entries().get(1).md();
        assertThat(md.hash().known()).containsOnlyKeys(HashAlgorithm.MD5, HashAlgorithm.SHA_256);
        assertThat(md.hash().get(HashAlgorithm.SHA_256).orElseThrow().hex())
                .isEqualTo("854f61290e2e197a11bc91063afce22e43f8ccc655237050ace766adc68dc784");
        assertThat(md.length()).isEqualTo(14599L);
        assertThat(md.type()).isEqualTo("application/pdf");
    }

    @Test
    void example15ResourceListIndexEntriesCarryAt() {
        Document d = read("spec/rs-example-15.xml");
        assertThat(d.header().kind()).isEqualTo(RootKind.SITEMAPINDEX);
        assertThat(d.entries()).extracting(e -> e.md().at()).containsExactly(t("2013-01-03T09:00:00Z"),
                t("2013-01-03T09:03:00Z"), t("2013-01-03T09:07:00Z"));
    }

    @Test
    void example16ResourceListLinksToItsIndex() {
        Document d = read("spec/rs-example-16.xml");
        assertThat(d.header().links()).extracting(RsLink::rel).containsExactly("up", "index");
        assertThat(d.header().link("index").href()).isEqualTo("http://example.com/dataset1/resourcelist-index.xml");
    }

    @Test
    void example17ResourceDumpPackagesHaveContentsLinks() {
        Document d = read("spec/rs-example-17.xml");
        SitemapEntry first = d.entries().get(0);
        assertThat(first.md().type()).isEqualTo("application/zip");
        assertThat(first.md().length()).isEqualTo(4765L);
        assertThat(first.md().completed()).isEqualTo(t("2013-01-03T09:02:00Z"));
        assertThat(first.link("contents").type()).isEqualTo("application/xml");
    }

    @Test
    void example18ManifestEntriesHavePathAndHashes() {
        Document d = read("spec/rs-example-18.xml");
        assertThat(d.entries().get(1).md().path()).isEqualTo("/resources/res2");
        assertThat(d.entries().get(1).md().hash().known()).hasSize(2);
    }

    @Test
    void example19OpenChangeListListsOneResourceTwice() {
        Document d = read("spec/rs-example-19.xml");
        assertThat(d.header().md().until()).isNull();
        assertThat(locs(d)).containsExactly("http://example.com/res1.html", "http://example.com/res2.pdf",
                "http://example.com/res3.tiff", "http://example.com/res2.pdf");
        assertThat(d.entries().get(3).changeTime()).isEqualTo(t("2013-01-03T21:00:00Z"));
    }

    @Test
    void example20ChangeListIndexEntriesHaveIntervals() {
        Document d = read("spec/rs-example-20.xml");
        assertThat(d.header().isIndex()).isTrue();
        assertThat(d.entries().get(0).md().until()).isEqualTo(t("2013-01-02T00:00:00Z"));
        assertThat(d.entries().get(2).md().until()).isNull();
    }

    @Test
    void example21ClosedChangeListPointsBackToItsIndex() {
        Document d = read("spec/rs-example-21.xml");
        assertThat(d.header().link("index").href()).isEqualTo("http://example.com/dataset1/changelist.xml");
        assertThat(d.header().md().until()).isEqualTo(t("2013-01-03T00:00:00Z"));
        assertThat(d.entries()).hasSize(4);
    }

    @Test
    void example22ChangeDumpEntriesHaveIntervalsAndManifests() {
        Document d = read("spec/rs-example-22.xml");
        assertThat(d.header().capability()).isEqualTo(Capability.CHANGEDUMP);
        assertThat(d.entries()).extracting(e -> e.md().length()).containsExactly(3109L, 6629L, 8124L);
        assertThat(d.entries().get(2).md().from()).isEqualTo(t("2013-01-03T00:00:00Z"));
    }

    @Test
    void example23ChangeDumpManifestDeletedEntryHasNoPath() {
        Document d = read("spec/rs-example-23.xml");
        assertThat(d.entries().get(2).change()).isEqualTo(ChangeType.DELETED);
        assertThat(d.entries().get(2).md().path()).isNull();
        assertThat(d.entries().get(3).md().path()).isEqualTo("/changes/res7-v2.html");
    }

    @Test
    void example24MirrorsArePrioritised() {
        Document d = read("spec/rs-example-24.xml");
        List<RsLink> links = d.entries().get(0).links();
        assertThat(links).extracting(RsLink::pri).containsExactly(1, 2, 3);
        assertThat(links).extracting(RsLink::href).containsExactly("http://mirror1.example.com/res1",
                "http://mirror2.example.com/res1", "gsiftp://gridftp.example.com/res1");
        assertThat(links.get(0).modified()).isEqualTo(t("2013-01-03T18:00:00Z"));
    }

    @Test
    void example25AlternatesHaveTypes() {
        Document d = read("spec/rs-example-25.xml");
        assertThat(d.entries().get(0).links()).extracting(RsLink::rel, RsLink::type)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("alternate", "text/html"),
                        org.assertj.core.groups.Tuple.tuple("alternate", "application/pdf"));
    }

    @Test
    void example26CanonicalLink() {
        Document d = read("spec/rs-example-26.xml");
        assertThat(d.entries().get(0).link("canonical").href()).isEqualTo("http://example.com/res1");
    }

    @Test
    void example27PatchLinksKeepTheirNonHexHashesForTheValidator() {
        Document d = read("spec/rs-example-27.xml");
        RsLink patch = d.entries().get(0).link("http://www.openarchives.org/rs/terms/patch");
        assertThat(patch.type()).isEqualTo("application/json-patch");
        assertThat(patch.length()).isEqualTo(73L);
        assertThat(d.entries().get(1).md().length()).isEqualTo(9_788_456_778L);
        assertThat(SitemapFixtures.validate("spec/rs-example-27.xml", null).has("rs:7/hash")).isTrue();
    }

    @Test
    void example28MetadataLinksBothWays() {
        Document d = read("spec/rs-example-28.xml");
        assertThat(d.entries().get(0).link("describedby").href())
                .isEqualTo("http://example.com/res2_dublin-core_metadata.xml");
        assertThat(d.entries().get(1).link("describes").href()).isEqualTo("http://example.com/res2.pdf");
        assertThat(d.entries().get(1).link("profile").href()).isEqualTo("http://purl.org/dc/elements/1.1/");
    }

    @Test
    void example29MementoTimegateTimemap() {
        Document d = read("spec/rs-example-29.xml");
        assertThat(d.entries().get(0).links()).extracting(RsLink::rel).containsExactly("memento", "timegate", "timemap");
        assertThat(d.entries().get(0).link("memento").modified()).isEqualTo(t("2013-01-02T18:00:00Z"));
    }

    @Test
    void example30CollectionMembership() {
        Document d = read("spec/rs-example-30.xml");
        assertThat(d.entries().get(0).link("collection").href()).isEqualTo("http://example.com/aggregation/0601007");
    }

    @Test
    void examples31To33ViaLinksTraceProvenance() {
        assertThat(read("spec/rs-example-31.xml").entries().get(0).links()).isEmpty();
        RsLink primary = read("spec/rs-example-32.xml").entries().get(0).link("via");
        RsLink secondary = read("spec/rs-example-33.xml").entries().get(0).link("via");
        assertThat(primary.href()).isEqualTo("http://original.example.com/res1.html");
        assertThat(secondary).isEqualTo(primary);
    }

    @Test
    void eliSitemapKeepsDctRelationRootAttribute() {
        Document d = read("spec/eli-sitemap.xml");
        assertThat(d.header().isResourceSync()).isFalse();
        assertThat(d.header().attributes())
                .containsEntry(new QName("http://purl.org/dc/terms/", "relation"), "http://country.xy/eli/eli-update-feed.atom");
        assertThat(d.header().namespaces()).containsEntry("dct", "http://purl.org/dc/terms/");
        assertThat(d.entries()).hasSize(4);
        assertThat(d.entries().get(3).lastmod()).isEqualTo(W3cDateTime.ofDate(java.time.LocalDate.of(2016, 9, 5)));
        assertThat(d.entries().get(3).lastmodText()).isEqualTo("2016-09-05");
        assertThat(d.findings().list()).isEmpty();
    }

    @Test
    void eliSitemapWithEliXmlKeepsTheMetadataTree() {
        Document d = read("spec/eli-sitemap-eli-xml.xml");
        String eli = "http://data.europa.eu/eli/ontology#";
        XmlElement resource = d.entries().get(0).foreign().get(0);
        assertThat(resource.name()).isEqualTo(new QName(eli, "LegalResource"));
        assertThat(resource.attribute(eli, "URI")).isEqualTo("http://country.xy/eli/law/2016/501/003/jo");
        assertThat(resource.child(eli, "LegalExpression").child(eli, "title").text()).isEqualTo("Here is the title");
    }

    @Test
    void eliSitemapWithDublinCoreKeepsTitleAndLanguage() {
        Document d = read("spec/eli-sitemap-dct.xml");
        XmlElement title = d.entries().get(0).foreign().get(0);
        assertThat(title.name()).isEqualTo(new QName("http://purl.org/dc/terms/", "title"));
        assertThat(title.text()).isEqualTo("Here is the title");
        assertThat(title.attribute("http://www.w3.org/XML/1998/namespace", "lang")).isEqualTo("es");
    }

    @Test
    void eliSitemapIndexListsNumberedSitemaps() {
        Document d = read("spec/eli-sitemap-index.xml");
        assertThat(d.header().kind()).isEqualTo(RootKind.SITEMAPINDEX);
        assertThat(locs(d)).containsExactly("http://country.xy/eli/sitemap1.xml", "http://country.xy/eli/sitemap2.xml");
        Findings f = SitemapFixtures.validate("spec/eli-sitemap-index.xml", "http://country.xy/eli/sitemap.xml");
        assertThat(f.list()).isEmpty();
    }

    @Test
    void eliSitemapPublishedUnderEliDirectoryHasNoLocationFindings() {
        Findings f = SitemapFixtures.validate("spec/eli-sitemap.xml", "http://country.xy/eli/sitemap.xml");
        assertThat(f.list()).isEmpty();
    }
}
