package org.lexsync.core.atom;

import java.util.List;
import java.util.Map;
import org.lexsync.core.checksum.Digests;

/** Valid model documents (rinfo and ELI shaped) and small copy-with helpers for validator tests. */
final class AtomProfileFixture {

    AtomDate date(String raw) {
        return AtomDate.parse(raw);
    }

    AtomFeed feed() {
        return new AtomFeed("tag:riksarkivet.se,2009:rinfo:feed", AtomText.of("RA-FS"), null,
                date("2009-01-23T12:42:32Z"), List.of(new Person("riksarkivet", "rinfo@riksarkivet.ra.se", null)),
                Links.of(Link.of("self", "https://www.statensarkiv.se/rafs/feed/index.atom")), false, false, List.of(),
                null, 2, 1);
    }

    AtomFeed feed(String id, AtomText title, AtomDate updated) {
        AtomFeed f = feed();
        return new AtomFeed(id, title, null, updated, f.authors(), f.links(), false, false, List.of(), null, 2, 1);
    }

    AtomFeed withAuthors(AtomFeed f, List<Person> authors) {
        return new AtomFeed(f.id(), f.title(), f.subtitle(), f.updated(), authors, f.links(), f.complete(), f.archive(),
                f.foreign(), f.lang(), f.line(), f.column());
    }

    AtomFeed withLinks(AtomFeed f, List<Link> links) {
        return new AtomFeed(f.id(), f.title(), f.subtitle(), f.updated(), f.authors(), new Links(links), f.complete(),
                f.archive(), f.foreign(), f.lang(), f.line(), f.column());
    }

    AtomFeed withMarkers(AtomFeed f, boolean complete, boolean archive) {
        return new AtomFeed(f.id(), f.title(), f.subtitle(), f.updated(), f.authors(), f.links(), complete, archive,
                f.foreign(), f.lang(), f.line(), f.column());
    }

    Link rdfLink() {
        return new Link("alternate", "https://www.statensarkiv.se/sve/rafs/showrdf?doc=2004-2",
                "https://www.statensarkiv.se/sve/rafs/showrdf?doc=2004-2", "application/rdf+xml", null, null, 2414L,
                Digests.parse("md5:8051c695ef087fcc1183e51694c9c8c1"), null, null, Map.of());
    }

    Entry entry() {
        return new Entry("http://rinfo.lagrummet.se/publ/ra-fs/2004:2", AtomText.of("RA-FS 2004:2"),
                date("2004-09-27T00:00:00.000Z"), date("2004-09-27T00:00:00.000Z"), List.of(), AtomText.of(""),
                Content.ofSrc("application/pdf", "https://www.statensarkiv.se/sve/rafs/filer/ra-fs-2004-02.pdf",
                        Digests.parse("md5:ca68b77f41ad2231586cf3e4d7970629")),
                Links.of(rdfLink()), List.of(), List.of(), 10, 3);
    }

    Entry entry(String id, AtomText title, AtomDate updated, AtomDate published) {
        Entry e = entry();
        return new Entry(id, title, updated, published, e.authors(), e.summary(), e.content(), e.links(), List.of(),
                List.of(), e.line(), e.column());
    }

    Entry withAuthors(Entry e, List<Person> authors) {
        return new Entry(e.id(), e.title(), e.updated(), e.published(), authors, e.summary(), e.content(), e.links(),
                e.categories(), e.foreign(), e.line(), e.column());
    }

    Entry withSummary(Entry e, AtomText summary) {
        return new Entry(e.id(), e.title(), e.updated(), e.published(), e.authors(), summary, e.content(), e.links(),
                e.categories(), e.foreign(), e.line(), e.column());
    }

    Entry withContent(Entry e, Content content) {
        return new Entry(e.id(), e.title(), e.updated(), e.published(), e.authors(), e.summary(), content, e.links(),
                e.categories(), e.foreign(), e.line(), e.column());
    }

    Entry withLinks(Entry e, List<Link> links) {
        return new Entry(e.id(), e.title(), e.updated(), e.published(), e.authors(), e.summary(), e.content(),
                new Links(links), e.categories(), e.foreign(), e.line(), e.column());
    }

    AtomFeed eliFeed() {
        return new AtomFeed("urn:country-xy:eli:eli-update-feed", AtomText.of("Fictitious Country.xy ELI update feed"),
                null, date("2016-03-08T16:20:00Z"), List.of(new Person("Country Legislation Service", null, null)),
                Links.of(Link.of("self", "http://country.xy/eli/eli-update-feed.atom")), false, false, List.of(), null,
                2, 1);
    }

    Entry eliEntry() {
        String eli = "http://country.xy/eli/law/2016/501/003/jo";
        return new Entry(eli, AtomText.of(eli), date("2016-03-08T16:20:00Z"), null, List.of(), null, null,
                Links.of(Link.of(null, eli)), List.of(), List.of(), 8, 3);
    }
}
