package org.lexsync.core.atom;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The atom:link elements of a feed or entry, in document order, with lookups by relation for the
 * relations LexSync follows (RFC 4287 §4.2.7.2; RFC 5005 §3 paging and §4 archives).
 */
public record Links(List<Link> all) {
    public static final Links NONE = new Links(List.of());

    public Links {
        all = List.copyOf(all);
    }

    public static Links of(Link... links) {
        return new Links(List.of(links));
    }

    /** The first link with this relation (absent rel counts as "alternate"). */
    public Optional<Link> find(String rel) {
        for (Link l : all) {
            if (l.is(rel)) {
                return Optional.of(l);
            }
        }
        return Optional.empty();
    }

    /** The resolved href of the first link with this relation, or null. */
    public String href(String rel) {
        for (Link l : all) {
            if (l.is(rel)) {
                return l.href();
            }
        }
        return null;
    }

    /** All links with this relation, in document order. */
    public List<Link> all(String rel) {
        List<Link> out = new ArrayList<>(2);
        for (Link l : all) {
            if (l.is(rel)) {
                out.add(l);
            }
        }
        return out;
    }

    public boolean isEmpty() {
        return all.isEmpty();
    }

    public Optional<Link> self() {
        return find("self");
    }

    public Optional<Link> alternate() {
        return find("alternate");
    }

    public List<Link> alternates() {
        return all("alternate");
    }

    public List<Link> enclosures() {
        return all("enclosure");
    }

    /** RFC 5005 §4: the immediately preceding (older) archive document. */
    public Optional<Link> prevArchive() {
        return find("prev-archive");
    }

    /** RFC 5005 §4: the immediately following (newer) archive document. */
    public Optional<Link> nextArchive() {
        return find("next-archive");
    }

    /** RFC 5005 §4: the subscription document of an archived feed. */
    public Optional<Link> current() {
        return find("current");
    }

    /** RFC 5005 §3 paging. */
    public Optional<Link> firstPage() {
        return find("first");
    }

    public Optional<Link> previousPage() {
        return find("previous");
    }

    public Optional<Link> nextPage() {
        return find("next");
    }

    public Optional<Link> lastPage() {
        return find("last");
    }
}
