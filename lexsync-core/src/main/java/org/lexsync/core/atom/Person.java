package org.lexsync.core.atom;

/**
 * An Atom Person construct (RFC 4287 §3.2: atom:author, atom:contributor, and at:by of RFC 6721). The
 * rinfo collector uses the feed author's e-mail to report collection errors (rinfo §3.1.4).
 */
public record Person(String name, String email, String uri) {
}
