package org.lexsync.core.sitemap;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.lexsync.core.findings.Finding;
import org.lexsync.core.findings.Findings;
import org.lexsync.core.findings.Severity;
import org.lexsync.core.time.W3cDateTimes;

/**
 * One test per validator rule, each on a small fixture under validator/ that breaks exactly that rule (the
 * fixture's comment names the spec section). Besides the rule under test, a fixture raises no other finding.
 */
class SitemapValidatorTest {

    private static Findings validate(String fixture, String documentUri) {
        return SitemapFixtures.validate("validator/" + fixture, documentUri);
    }

    private static void assertOnly(String fixture, String documentUri, String rule, Severity severity) {
        Findings f = validate(fixture, documentUri);
        assertThat(f.list()).as(f.toString()).isNotEmpty()
                .filteredOn(x -> x.rule().equals(rule)).isNotEmpty().allSatisfy(x -> {
                    assertThat(x.severity()).isEqualTo(severity);
                    assertThat(x.line()).isGreaterThan(0);
                });
        assertThat(f.list()).as(f.toString()).filteredOn(x -> !x.rule().equals(rule) && x.severity() == Severity.ERROR
                && !fixture.equals("rs-ln-incomplete.xml")).isEmpty();
    }

    @Test
    void entryWithoutLocIsAnError() {
        assertOnly("loc-missing.xml", null, "sitemaps:loc/missing", Severity.ERROR);
    }

    @Test
    void relativeLocIsAnError() {
        assertOnly("loc-relative.xml", null, "sitemaps:loc/absolute", Severity.ERROR);
    }

    @Test
    void nonHttpLocIsAnError() {
        assertOnly("loc-scheme.xml", null, "sitemaps:loc/scheme", Severity.ERROR);
    }

    @Test
    void locOnAnotherHostIsAWarning() {
        assertOnly("location-host.xml", "http://example.com/sitemap.xml", "sitemaps:location/host", Severity.WARNING);
    }

    @Test
    void locOutsideTheSitemapDirectoryIsAWarning() {
        assertOnly("location-path.xml", "http://example.com/catalog/sitemap.xml", "sitemaps:location/path", Severity.WARNING);
    }

    @Test
    void unparseableLastmodIsAnError() {
        assertOnly("lastmod-invalid.xml", null, "sitemaps:lastmod/w3c-datetime", Severity.ERROR);
    }

    @Test
    void badChangefreqIsAnError() {
        assertOnly("changefreq-invalid.xml", null, "sitemaps:changefreq/value", Severity.ERROR);
    }

    @Test
    void priorityOutsideZeroToOneIsAnError() {
        assertOnly("priority-range.xml", null, "sitemaps:priority/range", Severity.ERROR);
    }

    @Test
    void sitemapIndexEntryWithChangefreqIsAnError() {
        assertOnly("index-children.xml", null, "sitemaps:index/sitemap-children", Severity.ERROR);
    }

    @Test
    void resourceSyncDocumentWithoutRootMdIsAnError() {
        assertOnly("rs-root-md-missing.xml", null, "rs:7/root-md", Severity.ERROR);
    }

    @Test
    void rootMdWithoutCapabilityIsAnError() {
        assertOnly("rs-capability-missing.xml", null, "rs:7/capability", Severity.ERROR);
    }

    @Test
    void unknownCapabilityValueIsAnError() {
        assertOnly("../reader/unknown-capability.xml", null, "rs:7/capability-value", Severity.ERROR);
    }

    @Test
    void resourceListWithoutAtIsAnError() {
        assertOnly("rs-root-at-missing.xml", null, "rs:A/root-at", Severity.ERROR);
    }

    @Test
    void changeListWithoutFromIsAnError() {
        assertOnly("rs-root-from-missing.xml", null, "rs:A/root-from", Severity.ERROR);
    }

    @Test
    void atOnChangeListRootIsAWarning() {
        assertOnly("rs-root-at-in-changelist.xml", null, "rs:7/root-at-completed-not-used", Severity.WARNING);
    }

    @Test
    void fromOnResourceListRootIsAWarning() {
        assertOnly("rs-root-from-in-resourcelist.xml", null, "rs:7/root-from-until-not-used", Severity.WARNING);
    }

    @Test
    void untilBeforeFromIsAnError() {
        assertOnly("rs-until-before-from.xml", null, "rs:7/until-before-from", Severity.ERROR);
    }

    @Test
    void resourceListWithoutUpLinkIsAnError() {
        assertOnly("rs-up-missing.xml", null, "rs:10.1/up-link", Severity.ERROR);
    }

    @Test
    void capabilityListWithoutUpLinkIsAnError() {
        assertOnly("rs-capabilitylist-up-missing.xml", null, "rs:9/up-link", Severity.ERROR);
    }

    @Test
    void capabilityListIndexIsAWarning() {
        assertOnly("rs-capabilitylist-index.xml", null, "rs:9/capability-list-index", Severity.WARNING);
    }

    @Test
    void entryAtInResourceListIsAWarning() {
        assertOnly("rs-entry-at-in-resourcelist.xml", null, "rs:7/entry-at-not-used", Severity.WARNING);
    }

    @Test
    void entryFromInChangeListIsAWarning() {
        assertOnly("rs-entry-from-in-changelist.xml", null, "rs:7/entry-from-not-used", Severity.WARNING);
    }

    @Test
    void changeListIndexEntryWithoutFromIsAWarning() {
        assertOnly("rs-changelist-index-entry-from.xml", null, "rs:A/entry-from", Severity.WARNING);
    }

    @Test
    void changeListEntryWithoutLastmodIsAnError() {
        assertOnly("rs-changelist-lastmod-missing.xml", null, "rs:A/lastmod", Severity.ERROR);
    }

    @Test
    void changeListEntryWithoutChangeIsAnError() {
        assertOnly("rs-changelist-change-missing.xml", null, "rs:12.1/change", Severity.ERROR);
    }

    @Test
    void unknownChangeValueIsAnError() {
        assertOnly("rs-change-value.xml", null, "rs:7/change-value", Severity.ERROR);
    }

    @Test
    void changeInResourceListIsAWarning() {
        assertOnly("rs-change-in-resourcelist.xml", null, "rs:7/change-not-used", Severity.WARNING);
    }

    @Test
    void changeListOutOfOrderIsAnError() {
        assertOnly("rs-changelist-order.xml", null, "rs:12.1/forward-order", Severity.ERROR);
    }

    @Test
    void changeListIndexOutOfOrderIsAnError() {
        assertOnly("rs-changelist-index-order.xml", null, "rs:12.2/forward-order", Severity.ERROR);
    }

    @Test
    void changeDumpOutOfOrderIsAWarning() {
        assertOnly("rs-changedump-order.xml", null, "rs:13.1/forward-order", Severity.WARNING);
    }

    @Test
    void changeDumpManifestOutOfOrderIsAnError() {
        assertOnly("rs-cdm-order.xml", null, "rs:13.2/forward-order", Severity.ERROR);
    }

    @Test
    void changeDumpManifestEntryWithoutChangeIsAnError() {
        assertOnly("rs-cdm-change-missing.xml", null, "rs:13.2/change", Severity.ERROR);
    }

    @Test
    void changeDumpManifestPathWithoutLeadingSlashIsAnError() {
        assertOnly("rs-cdm-path-slash.xml", null, "rs:13.2/path-leading-slash", Severity.ERROR);
    }

    @Test
    void resourceDumpManifestEntryWithoutPathIsAnError() {
        assertOnly("rs-rdm-path-missing.xml", null, "rs:11.2/path", Severity.ERROR);
    }

    @Test
    void pathInResourceListIsAWarning() {
        assertOnly("rs-path-in-resourcelist.xml", null, "rs:7/path-not-used", Severity.WARNING);
    }

    @Test
    void linkWithoutRelIsAnError() {
        assertOnly("rs-ln-incomplete.xml", null, "rs:7/ln-rel", Severity.ERROR);
    }

    @Test
    void linkWithoutHrefIsAnError() {
        assertOnly("rs-ln-incomplete.xml", null, "rs:7/ln-href", Severity.ERROR);
    }

    @Test
    void linkPriorityOutOfRangeIsAnError() {
        assertOnly("rs-ln-incomplete.xml", null, "rs:7/ln-pri", Severity.ERROR);
    }

    @Test
    void malformedHashIsAnError() {
        assertOnly("rs-hash-malformed.xml", null, "rs:7/hash", Severity.ERROR);
    }

    @Test
    void unknownHashAlgorithmIsAWarning() {
        assertOnly("rs-hash-unknown-algorithm.xml", null, "rs:7/hash-algorithm", Severity.WARNING);
    }

    @Test
    void capabilityListEntryWithoutCapabilityIsAnError() {
        assertOnly("rs-capabilitylist-entry-capability.xml", null, "rs:9/entry-capability", Severity.ERROR);
    }

    @Test
    void capabilityListedTwiceIsAnError() {
        assertOnly("rs-capabilitylist-duplicate.xml", null, "rs:9/one-entry-per-capability", Severity.ERROR);
    }

    @Test
    void sourceDescriptionEntryWithOtherCapabilityIsAnError() {
        assertOnly("rs-description-entry-capability.xml", null, "rs:8/entry-capability", Severity.ERROR);
    }

    @Test
    void sourceDescriptionWithoutDescribedbyIsAWarning() {
        assertOnly("rs-description-describedby.xml", null, "rs:8/describedby", Severity.WARNING);
    }

    @Test
    void prefixedResourceSyncAttributeIsAnError() {
        assertOnly("rs-prefixed-attribute.xml", null, "rs:7/unprefixed-attributes", Severity.ERROR);
    }

    @Test
    void lastmodDeviationsAreOneWarningEach() {
        Findings f = validate("lastmod-deviations.xml", null);
        assertThat(f.list()).extracting(Finding::rule).containsExactly("sitemaps:lastmod/w3c-datetime",
                "sitemaps:lastmod/w3c-datetime");
        assertThat(f.hasErrors()).isFalse();
    }

    @Test
    void changeListIsOrderedByDatetimeWhenPresent() {
        assertThat(validate("rs-changelist-order-datetime.xml", null).list()).isEmpty();
    }

    @Test
    void deletedEntryOfChangeDumpManifestNeedsNoPath() {
        Findings f = validate("rs-cdm-path-missing.xml", null);
        assertThat(f.list()).extracting(Finding::rule, Finding::line)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("rs:13.2/path", 7));
    }

    @Test
    void locInTheSitemapDirectoryOnTheSameHostIsFine() {
        Findings f = validate("location-path.xml", "http://example.com/catalog/sitemap.xml");
        assertThat(f.list()).singleElement().satisfies(x -> assertThat(x.line()).isEqualTo(5));
    }

    @Test
    void locOf2048CharactersIsAnError() {
        SitemapValidator v = new SitemapValidator(null);
        v.header(SitemapHeader.of(RootKind.URLSET));
        v.entry(SitemapEntry.of("http://example.com/" + "a".repeat(2048 - 19)));
        assertThat(v.finish(-1).list()).extracting(Finding::rule).containsExactly("sitemaps:loc/length");
    }

    @Test
    void moreThan50000EntriesIsOneError() {
        SitemapValidator v = new SitemapValidator(null);
        v.header(SitemapHeader.of(RootKind.URLSET));
        for (int i = 0; i < 50_002; i++) {
            v.entry(SitemapEntry.of("http://example.com/r" + i));
        }
        assertThat(v.finish(-1).list()).extracting(Finding::rule).containsExactly("sitemaps:limits/entries");
    }

    @Test
    void exactly50000EntriesIsFine() {
        SitemapValidator v = new SitemapValidator(null);
        v.header(SitemapHeader.of(RootKind.URLSET));
        for (int i = 0; i < 50_000; i++) {
            v.entry(SitemapEntry.of("http://example.com/r" + i));
        }
        assertThat(v.finish(-1).isEmpty()).isTrue();
    }

    @Test
    void documentOver50MegabytesIsAnError() {
        SitemapValidator v = new SitemapValidator(null);
        v.header(SitemapHeader.of(RootKind.URLSET));
        assertThat(v.finish(52_428_801L).has("sitemaps:limits/size")).isTrue();
        SitemapValidator w = new SitemapValidator(null);
        w.header(SitemapHeader.of(RootKind.URLSET));
        assertThat(w.finish(52_428_800L).isEmpty()).isTrue();
    }

    @Test
    void plainSitemapGetsNoResourceSyncRules() {
        Findings f = SitemapFixtures.validate("spec/eli-sitemap.xml", null);
        assertThat(f.isEmpty()).isTrue();
    }

    @Test
    void entryBeforeHeaderIsAProgrammingError() {
        SitemapValidator v = new SitemapValidator(null);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> v.entry(SitemapEntry.of("http://example.com/")))
                .isInstanceOf(IllegalStateException.class);
    }
}
