package org.lexsync.core.atom;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.lexsync.core.checksum.Digests;
import org.lexsync.core.findings.Finding;
import org.lexsync.core.findings.Findings;
import org.lexsync.core.findings.Severity;
import org.lexsync.core.xml.XmlElement;
import org.junit.jupiter.api.Test;

/**
 * One behaviour per test for every validator rule. Documents are built as model values (the validator's
 * input); the spec examples are validated from their fixture files at the end.
 */
class AtomValidatorTest {
    private static final AtomProfileFixture P = new AtomProfileFixture();

    private static Findings check(AtomValidator.Profile profile, AtomFeed feed, FeedItem... items) {
        AtomValidator v = new AtomValidator(profile).header(feed);
        for (FeedItem i : items) {
            v.item(i);
        }
        return v.finish();
    }

    private static Finding only(Findings f, String rule) {
        assertThat(f.list()).extracting(Finding::rule).contains(rule);
        return f.list().stream().filter(x -> x.rule().equals(rule)).findFirst().orElseThrow();
    }

    private static Findings validateFixture(String name, String url, AtomValidator.Profile profile) {
        try (AtomReader r = Fixtures.open(name, url)) {
            return AtomValidator.validate(r, profile);
        }
    }

    // ---- RFC 4287 ----

    @Test
    void validRinfoFeedHasNoFindingsUnderAnyProfile() {
        for (AtomValidator.Profile p : List.of(AtomValidator.Profile.RFC4287, AtomValidator.Profile.RINFO)) {
            assertThat(check(p, P.feed(), P.entry()).list()).as("%s", p).isEmpty();
        }
    }

    @Test
    void feedWithoutIdIsAnError() { // RFC 4287 §4.1.1
        AtomFeed f = P.feed(null, P.feed().title(), P.feed().updated());
        assertThat(only(check(AtomValidator.Profile.RFC4287, f), "atom:rfc4287-4.1.1/id").severity()).isEqualTo(Severity.ERROR);
    }

    @Test
    void feedWithoutTitleIsAnError() { // RFC 4287 §4.1.1
        AtomFeed f = P.feed(P.feed().id(), null, P.feed().updated());
        assertThat(check(AtomValidator.Profile.RFC4287, f).has("atom:rfc4287-4.1.1/title")).isTrue();
    }

    @Test
    void feedWithoutUpdatedIsAnError() { // RFC 4287 §4.1.1
        AtomFeed f = P.feed(P.feed().id(), P.feed().title(), null);
        assertThat(check(AtomValidator.Profile.RFC4287, f).has("atom:rfc4287-4.1.1/updated")).isTrue();
    }

    @Test
    void entryWithoutIdTitleOrUpdatedIsAnError() { // RFC 4287 §4.1.2
        Entry e = P.entry(null, null, null, P.date("2020-01-01T00:00:00Z"));
        Findings f = check(AtomValidator.Profile.RFC4287, P.feed(), e);
        assertThat(f.has("atom:rfc4287-4.1.2/id")).isTrue();
        assertThat(f.has("atom:rfc4287-4.1.2/title")).isTrue();
        assertThat(f.has("atom:rfc4287-4.1.2/updated")).isTrue();
    }

    @Test
    void authorMissingOnFeedAndEntryIsAnError() { // RFC 4287 §4.1.1, §4.1.2
        AtomFeed f = P.withAuthors(P.feed(), List.of());
        Entry e = P.withAuthors(P.entry(), List.of());
        Finding x = only(check(AtomValidator.Profile.RFC4287, f, e), "atom:rfc4287-4.1.1/author");
        assertThat(x.severity()).isEqualTo(Severity.ERROR);
        assertThat(x.line()).isEqualTo(P.entry().line());
    }

    @Test
    void authorOnEveryEntryIsEnoughForTheFeed() { // RFC 4287 §4.1.1
        AtomFeed f = P.withAuthors(P.feed(), List.of());
        Entry e = P.withAuthors(P.entry(), List.of(new Person("author", null, null)));
        assertThat(check(AtomValidator.Profile.RFC4287, f, e).has("atom:rfc4287-4.1.1/author")).isFalse();
    }

    @Test
    void entryDocumentWithoutAuthorIsAnError() { // RFC 4287 §4.1.2
        Findings f = check(AtomValidator.Profile.RFC4287, AtomFeed.NONE, P.withAuthors(P.entry(), List.of()));
        assertThat(f.has("atom:rfc4287-4.1.2/author")).isTrue();
    }

    @Test
    void authorWithoutNameIsAnError() { // RFC 4287 §3.2.1
        Entry e = P.withAuthors(P.entry(), List.of(new Person(null, "a@b", null)));
        assertThat(check(AtomValidator.Profile.RFC4287, P.feed(), e).has("atom:rfc4287-3.2.1/name")).isTrue();
    }

    @Test
    void updatedEarlierThanPublishedIsABestPracticeWarningInPlainAtom() { // RFC 4287 §4.2.9
        Entry e = P.entry(P.entry().id(), P.entry().title(), P.date("2020-01-01T00:00:00Z"), P.date("2020-02-01T00:00:00Z"));
        Finding x = only(check(AtomValidator.Profile.RFC4287, P.feed(), e), "atom:rfc4287-4.2.9/published-after-updated");
        assertThat(x.severity()).isEqualTo(Severity.WARNING);
        assertThat(x.message()).contains("best practice");
    }

    @Test
    void updatedEarlierThanPublishedIsAnErrorForRinfo() { // rinfo §4.1
        Entry e = P.entry(P.entry().id(), P.entry().title(), P.date("2020-01-01T00:00:00Z"), P.date("2020-02-01T00:00:00Z"));
        assertThat(only(check(AtomValidator.Profile.RINFO, P.feed(), e), "rinfo:4.1/updated-after-published").severity())
                .isEqualTo(Severity.ERROR);
    }

    @Test
    void eachDateDeviationIsAWarning() { // RFC 4287 §3.3
        Entry e = P.entry(P.entry().id(), P.entry().title(), P.date("2020-01-01t00:00:00+0100"), null);
        Findings f = check(AtomValidator.Profile.RFC4287, P.feed(), e);
        assertThat(f.list()).filteredOn(x -> x.rule().equals("atom:rfc4287-3.3/date-format"))
                .hasSize(2).allMatch(x -> x.severity() == Severity.WARNING);
        assertThat(f.list()).extracting(Finding::message).anyMatch(m -> m.contains("+0100"));
    }

    @Test
    void dateWithoutTimeIsAnError() { // RFC 4287 §3.3 (RFC 3339 date-time)
        Entry e = P.entry(P.entry().id(), P.entry().title(), P.date("2020-01-01"), null);
        assertThat(only(check(AtomValidator.Profile.RFC4287, P.feed(), e), "atom:rfc4287-3.3/date").severity())
                .isEqualTo(Severity.ERROR);
    }

    @Test
    void unparseableDateIsAnError() { // RFC 4287 §3.3
        Entry e = P.entry(P.entry().id(), P.entry().title(), P.date("yesterday"), null);
        assertThat(check(AtomValidator.Profile.RFC4287, P.feed(), e).has("atom:rfc4287-3.3/date")).isTrue();
    }

    @Test
    void outOfLineContentNeedsSummary() { // RFC 4287 §4.1.2
        Entry e = P.withSummary(P.entry(), null);
        assertThat(check(AtomValidator.Profile.RFC4287, P.feed(), e).has("atom:rfc4287-4.1.2/summary")).isTrue();
    }

    @Test
    void entryWithoutContentNeedsAlternateLink() { // RFC 4287 §4.1.2
        Entry e = P.withLinks(P.withContent(P.entry(), null), List.of());
        assertThat(check(AtomValidator.Profile.RFC4287, P.feed(), e).has("atom:rfc4287-4.1.2/alternate")).isTrue();
    }

    @Test
    void entriesOutOfOrderAreOnlyInformationalInPlainAtom() { // RFC 4287 §4.1.1 gives order no significance
        Entry a = P.entry("urn:a", AtomText.of("a"), P.date("2020-01-02T00:00:00Z"), null);
        Entry b = P.entry("urn:b", AtomText.of("b"), P.date("2020-01-03T00:00:00Z"), null);
        Entry c = P.entry("urn:c", AtomText.of("c"), P.date("2020-01-01T00:00:00Z"), null);
        Finding x = only(check(AtomValidator.Profile.RFC4287, P.feed(), a, b, c), "atom:rfc4287-4.1.1/entry-order");
        assertThat(x.severity()).isEqualTo(Severity.INFO);
    }

    @Test
    void monotonicEntryOrderIsNotReported() {
        Entry a = P.entry("urn:a", AtomText.of("a"), P.date("2020-01-03T00:00:00Z"), null);
        Entry b = P.entry("urn:b", AtomText.of("b"), P.date("2020-01-02T00:00:00Z"), null);
        assertThat(check(AtomValidator.Profile.RFC4287, P.feed(), a, b).has("atom:rfc4287-4.1.1/entry-order")).isFalse();
    }

    // ---- RFC 6721 ----

    @Test
    void tombstoneWithoutRefIsAnError() { // RFC 6721 §2
        DeletedEntry d = new DeletedEntry(null, P.date("2020-01-01T00:00:00Z"), null, null, List.of(), 3, 1);
        assertThat(only(check(AtomValidator.Profile.RFC4287, P.feed(), d), "atom:rfc6721-2/ref").line()).isEqualTo(3);
    }

    @Test
    void tombstoneWithoutWhenIsAnError() { // RFC 6721 §2
        DeletedEntry d = new DeletedEntry("urn:x", null, null, null, List.of(), 3, 1);
        assertThat(check(AtomValidator.Profile.RFC4287, P.feed(), d).has("atom:rfc6721-2/when")).isTrue();
    }

    @Test
    void tombstoneWhenDeviationIsAWarning() { // RFC 6721 §2 (when is a date-time), RFC 4287 §3.3
        DeletedEntry d = new DeletedEntry("urn:x", P.date("2010-03-08T15:55:34+0100"), null, null, List.of(), 3, 1);
        assertThat(check(AtomValidator.Profile.RFC4287, P.feed(), d).has("atom:rfc4287-3.3/date-format")).isTrue();
    }

    // ---- RFC 5005 ----

    @Test
    void completeAndArchiveTogetherIsAWarningInPlainAtom() { // RFC 5005 §2, §4
        AtomFeed f = P.withMarkers(P.feed(), true, true);
        assertThat(only(check(AtomValidator.Profile.RFC4287, f), "atom:rfc5005-2/complete-and-archive").severity())
                .isEqualTo(Severity.WARNING);
    }

    @Test
    void completeAndArchiveTogetherIsAnErrorForRinfo() { // rinfo §6
        AtomFeed f = P.withMarkers(P.feed(), true, true);
        assertThat(only(check(AtomValidator.Profile.RINFO, f), "rinfo:6/complete-and-archive").severity())
                .isEqualTo(Severity.ERROR);
    }

    @Test
    void completeFeedWithArchiveLinksIsAnErrorForRinfo() { // rinfo §6
        AtomFeed f = P.withLinks(P.withMarkers(P.feed(), true, false),
                List.of(Link.of("prev-archive", "http://example.se/archive/1.atom")));
        assertThat(check(AtomValidator.Profile.RINFO, f).has("rinfo:6/complete-and-archive")).isTrue();
    }

    @Test
    void archiveDocumentWithoutFhArchiveIsAnErrorForRinfo() { // rinfo §6, RFC 5005 §4
        AtomFeed f = P.withLinks(P.feed(), List.of(Link.of("self", "http://example.se/archive/1.atom"),
                Link.of("current", "http://example.se/feed.atom"), Link.of("next-archive", "http://example.se/archive/2.atom")));
        assertThat(only(check(AtomValidator.Profile.RINFO, f), "rinfo:6/fh-archive").severity()).isEqualTo(Severity.ERROR);
    }

    @Test
    void archiveDocumentWithoutFhArchiveIsAWarningInPlainAtom() { // RFC 5005 §4
        AtomFeed f = P.withLinks(P.feed(), List.of(Link.of("next-archive", "http://example.se/archive/2.atom")));
        assertThat(only(check(AtomValidator.Profile.RFC4287, f), "atom:rfc5005-4/fh-archive").severity())
                .isEqualTo(Severity.WARNING);
    }

    @Test
    void subscriptionDocumentWithPrevArchiveNeedsNoFhArchive() { // RFC 5005 §4
        AtomFeed f = P.withLinks(P.feed(), List.of(Link.of("prev-archive", "http://example.se/archive/2.atom")));
        assertThat(check(AtomValidator.Profile.RINFO, f).has("rinfo:6/fh-archive")).isFalse();
    }

    // ---- rinfo ----

    @Test
    void missingPublishedIsAnErrorForRinfo() { // rinfo §3.3.2, §4.1
        Entry e = P.entry(P.entry().id(), P.entry().title(), P.entry().updated(), null);
        assertThat(only(check(AtomValidator.Profile.RINFO, P.feed(), e), "rinfo:4.1/published").severity())
                .isEqualTo(Severity.ERROR);
        assertThat(check(AtomValidator.Profile.RFC4287, P.feed(), e).list()).isEmpty();
    }

    @Test
    void feedAuthorWithoutEmailIsAnErrorForRinfo() { // rinfo §3.1.4
        AtomFeed f = P.withAuthors(P.feed(), List.of(new Person("riksarkivet", null, null)));
        assertThat(only(check(AtomValidator.Profile.RINFO, f), "rinfo:3.1.4/author-email").severity())
                .isEqualTo(Severity.ERROR);
    }

    @Test
    void contentSrcWithoutMd5IsAnErrorForRinfo() { // rinfo §3.3.6
        Entry e = P.withContent(P.entry(), Content.ofSrc("application/pdf", "http://example.se/a.pdf", Digests.NONE));
        Finding x = only(check(AtomValidator.Profile.RINFO, P.feed(), e), "rinfo:3.3.6/md5");
        assertThat(x.message()).contains("content@src");
    }

    @Test
    void alternateWithoutMd5IsAnErrorForRinfo() { // rinfo §3.3.5, §3.3.6
        Link rdf = new Link("alternate", "http://example.se/a.rdf", "http://example.se/a.rdf", "application/rdf+xml",
                null, null, 10L, Digests.parse("sha-256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
                null, null, Map.of());
        Entry e = P.withLinks(P.entry(), List.of(rdf));
        assertThat(only(check(AtomValidator.Profile.RINFO, P.feed(), e), "rinfo:3.3.6/md5").message())
                .contains("alternate");
    }

    @Test
    void enclosureWithoutMd5IsAnErrorForRinfo() { // rinfo §3.3.6, §3.3.7
        Link enc = new Link("enclosure", "http://example.se/b.pdf", "b.pdf", "application/pdf", null, null, 10L,
                Digests.NONE, null, null, Map.of(new javax.xml.namespace.QName(AtomNs.DCT, "isFormatOf"), "urn:b"));
        Entry e = P.withLinks(P.entry(), List.of(P.rdfLink(), enc));
        assertThat(only(check(AtomValidator.Profile.RINFO, P.feed(), e), "rinfo:3.3.6/md5").message()).contains("enclosure");
    }

    @Test
    void leMd5SatisfiesTheChecksumRule() { // rinfo §3.3.6 (obsolete form accepted)
        Content c = new Content("application/pdf", "http://example.se/a.pdf", "a.pdf", "", List.of(), Digests.NONE,
                "D41D8CD98F00B204E9800998ECF8427E", Map.of());
        assertThat(check(AtomValidator.Profile.RINFO, P.feed(), P.withContent(P.entry(), c)).list()).isEmpty();
    }

    @Test
    void malformedMd5IsAnErrorForRinfo() { // rinfo §3.3.6
        Content c = Content.ofSrc("application/pdf", "http://example.se/a.pdf", Digests.parse("md5:1115651b5e8380aff8d"));
        assertThat(check(AtomValidator.Profile.RINFO, P.feed(), P.withContent(P.entry(), c)).has("rinfo:3.3.6/md5-format"))
                .isTrue();
    }

    @Test
    void linkWithoutLengthIsAWarningForRinfo() { // rinfo §3.3.6
        Link rdf = new Link("alternate", "http://example.se/a.rdf", "a.rdf", "application/rdf+xml", null, null, null,
                Digests.parse("md5:d41d8cd98f00b204e9800998ecf8427e"), null, null, Map.of());
        Finding x = only(check(AtomValidator.Profile.RINFO, P.feed(), P.withLinks(P.entry(), List.of(rdf))),
                "rinfo:3.3.6/length");
        assertThat(x.severity()).isEqualTo(Severity.WARNING);
    }

    @Test
    void entryWithoutRdfIsAnErrorForRinfo() { // rinfo §3.3.5
        Entry e = P.withLinks(P.entry(), List.of());
        assertThat(only(check(AtomValidator.Profile.RINFO, P.feed(), e), "rinfo:3.3.5/rdf").severity())
                .isEqualTo(Severity.ERROR);
    }

    @Test
    void missingContentIsToleratedWithRdfForRinfo() { // rinfo §3.3.4
        Entry e = P.withContent(P.entry(), null);
        assertThat(only(check(AtomValidator.Profile.RINFO, P.feed(), e), "rinfo:3.3.4/content").severity())
                .isEqualTo(Severity.WARNING);
    }

    @Test
    void itemNewerThanFeedUpdatedIsAnErrorForRinfo() { // rinfo §3.1.3, §8.3
        Entry e = P.entry(P.entry().id(), P.entry().title(), P.date("2030-01-01T00:00:00Z"), P.date("2030-01-01T00:00:00Z"));
        assertThat(only(check(AtomValidator.Profile.RINFO, P.feed(), e), "rinfo:3.1.3/feed-updated").severity())
                .isEqualTo(Severity.ERROR);
    }

    @Test
    void entriesInAnyXmlOrderAreFineForRinfo() { // rinfo §7.1 item 6: updated values order, not XML order
        Entry a = P.entry("http://r/a", AtomText.of("a"), P.date("2009-01-01T00:00:00Z"), P.date("2009-01-01T00:00:00Z"));
        Entry b = P.entry("http://r/b", AtomText.of("b"), P.date("2009-01-03T00:00:00Z"), P.date("2009-01-03T00:00:00Z"));
        Entry c = P.entry("http://r/c", AtomText.of("c"), P.date("2009-01-02T00:00:00Z"), P.date("2009-01-02T00:00:00Z"));
        assertThat(check(AtomValidator.Profile.RINFO, P.feed(), a, b, c).list()).isEmpty();
    }

    @Test
    void missingSelfLinkIsARecommendationForRinfo() { // rinfo §3.1.5
        AtomFeed f = P.withLinks(P.feed(), List.of());
        Finding x = only(check(AtomValidator.Profile.RINFO, f), "rinfo:3.1.5/self");
        assertThat(x.severity()).isEqualTo(Severity.WARNING);
        assertThat(x.message()).contains("recommended");
    }

    // ---- ELI ----

    @Test
    void eliFeedWithoutSelfLinkIsAnError() { // ELI §3.3.2
        AtomFeed f = P.withLinks(P.eliFeed(), List.of());
        assertThat(check(AtomValidator.Profile.ELI_UPDATE_FEED, f).has("eli:3.3.2/self")).isTrue();
    }

    @Test
    void eliFeedWithoutAuthorNameIsAnError() { // ELI §3.3.2
        AtomFeed f = P.withAuthors(P.eliFeed(), List.of());
        assertThat(check(AtomValidator.Profile.ELI_UPDATE_FEED, f, P.eliEntry()).has("eli:3.3.2/author-name")).isTrue();
    }

    @Test
    void eliFeedIdNotInRecommendedFormIsAWarning() { // ELI §3.3.2 (SHOULD)
        AtomFeed f = P.feed("tag:country.xy,2016:eli", P.eliFeed().title(), P.eliFeed().updated());
        f = P.withLinks(f, P.eliFeed().links().all());
        Finding x = only(check(AtomValidator.Profile.ELI_UPDATE_FEED, f), "eli:3.3.2/feed-id");
        assertThat(x.severity()).isEqualTo(Severity.WARNING);
        assertThat(x.message()).contains("urn:country-xy:eli:eli-update-feed");
    }

    @Test
    void eliEntryWhoseLinkIsNotTheIdIsAnError() { // ELI §3.3.2
        Entry e = P.withLinks(P.eliEntry(), List.of(Link.of(null, "http://country.xy/other")));
        assertThat(only(check(AtomValidator.Profile.ELI_UPDATE_FEED, P.eliFeed(), e), "eli:3.3.2/entry-link").severity())
                .isEqualTo(Severity.ERROR);
    }

    @Test
    void eliEntryWithoutLinkIsAnError() { // ELI §3.3.2
        Entry e = P.withLinks(P.eliEntry(), List.of());
        assertThat(check(AtomValidator.Profile.ELI_UPDATE_FEED, P.eliFeed(), e).has("eli:3.3.2/entry-link")).isTrue();
    }

    @Test
    void eliEntryIdThatIsNotAnHttpUriIsAWarning() { // ELI §3.3.2
        Entry e = P.entry("urn:x:1", AtomText.of("x"), P.date("2016-03-08T16:20:00Z"), null);
        e = P.withLinks(e, List.of(Link.of(null, "urn:x:1")));
        assertThat(check(AtomValidator.Profile.ELI_UPDATE_FEED, P.eliFeed(), e).has("eli:3.3.2/entry-id")).isTrue();
    }

    @Test
    void eliEntryNewerThanFeedUpdatedIsAnError() { // ELI §3.3.2: feed updated = date of the most recent entry
        Entry e = P.entry(P.eliEntry().id(), P.eliEntry().title(), P.date("2017-01-01T00:00:00Z"), null);
        e = P.withLinks(e, P.eliEntry().links().all());
        assertThat(only(check(AtomValidator.Profile.ELI_UPDATE_FEED, P.eliFeed(), e), "eli:3.3.2/feed-updated").severity())
                .isEqualTo(Severity.ERROR);
    }

    @Test
    void eliFeedUpdatedLaterThanNewestEntryIsAWarning() { // ELI §3.3.2
        Entry e = P.entry(P.eliEntry().id(), P.eliEntry().title(), P.date("2016-01-01T00:00:00Z"), null);
        e = P.withLinks(e, P.eliEntry().links().all());
        assertThat(only(check(AtomValidator.Profile.ELI_UPDATE_FEED, P.eliFeed(), e), "eli:3.3.2/feed-updated").severity())
                .isEqualTo(Severity.WARNING);
    }

    // ---- spec examples through the validator ----

    @Test
    void eliSpecExampleConforms() { // ELI §3.3.1
        assertThat(validateFixture("eli/spec-3.3.1-update-feed.atom", "http://country.xy/eli/eli-update-feed.atom",
                AtomValidator.Profile.ELI_UPDATE_FEED).list()).isEmpty();
    }

    @Test
    void rinfoSpecFeedExampleConformsToTheRinfoProfile() { // rinfo §3
        assertThat(validateFixture("rinfo/spec-3-feed.atom", "https://www.statensarkiv.se/rafs/feed/index.atom",
                AtomValidator.Profile.RINFO).list()).isEmpty();
    }

    @Test
    void rinfoSpecEnclosureExampleHasAnAbbreviatedMd5() { // rinfo §3.3.7
        Findings f = validateFixture("rinfo/spec-3.3.7-enclosure.atom", "http://www.slv.se/feed.atom",
                AtomValidator.Profile.RINFO);
        assertThat(f.list()).extracting(Finding::rule).containsOnly("rinfo:3.3.6/md5-format", "rinfo:3.1.5/self");
    }

    @Test
    void rinfoSpecTombstoneExampleOnlyWarnsAboutTheOffset() { // rinfo §4.2
        Findings f = validateFixture("rinfo/spec-4.2-deleted-entry.atom", "http://example.se/feed.atom",
                AtomValidator.Profile.RINFO);
        assertThat(f.list()).extracting(Finding::rule).containsOnly("atom:rfc4287-3.3/date-format", "rinfo:3.1.5/self");
    }

    @Test
    void sloppyFeedReportsDeviationsAndMissingPublished() {
        Findings f = validateFixture("realworld/sloppy-dates.atom", "http://example.se/feed.atom", AtomValidator.Profile.RINFO);
        assertThat(f.has("atom:rfc4287-3.3/date-format")).isTrue();
        assertThat(only(f, "rinfo:4.1/published").line()).isEqualTo(15);
    }

    @Test
    void validateIncludesReaderFindings() {
        Findings f = validateFixture("realworld/metadata-after-entries.atom", "http://example.org/late.atom",
                AtomValidator.Profile.RFC4287);
        assertThat(f.has("atom:rfc4287-4.1.1/metadata-after-entries")).isTrue();
        assertThat(f.has("atom:rfc4287-4.1.1/updated")).isFalse();
    }

    @Test
    void archiveFixtureConformsToTheRinfoProfile() { // RFC 5005 §4, rinfo §6
        assertThat(validateFixture("realworld/archive-2008.atom",
                "https://www.statensarkiv.se/rafs/feed/archive/2008/index.atom", AtomValidator.Profile.RINFO).list()).isEmpty();
    }

    @Test
    void sourceAuthorCountsForTheEntry() { // RFC 4287 §4.1.2
        XmlElement source = new XmlElement(new javax.xml.namespace.QName(AtomNs.ATOM, "source"), Map.of(), "",
                List.of(new XmlElement(new javax.xml.namespace.QName(AtomNs.ATOM, "author"), Map.of(), "", List.of())));
        Entry e = P.withAuthors(P.entry(), List.of());
        e = new Entry(e.id(), e.title(), e.updated(), e.published(), e.authors(), e.summary(), e.content(), e.links(),
                e.categories(), List.of(source), e.line(), e.column());
        assertThat(check(AtomValidator.Profile.RFC4287, P.withAuthors(P.feed(), List.of()), e).list()).isEmpty();
    }
}
