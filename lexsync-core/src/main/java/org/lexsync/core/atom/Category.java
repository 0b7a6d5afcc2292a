package org.lexsync.core.atom;

/** An atom:category (RFC 4287 §4.2.2): term, optional scheme IRI and label. */
public record Category(String term, String scheme, String label) {
}
