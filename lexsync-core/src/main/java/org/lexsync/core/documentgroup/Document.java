package org.lexsync.core.documentgroup;

import java.util.Locale;
import org.lexsync.core.checksum.Digest;
import org.lexsync.core.checksum.HashAlgorithm;

/**
 * One file of a document group: a {@code document} element of the MetaInfo XML (EUCases D2.1 §3.2,
 * Appendix I). Values are kept as written; a component the reader could not make sense of is null and
 * the reader reported a finding for it.
 *
 * @param format     MIME type of the file, e.g. {@code text/html}
 * @param file       name of the file inside the group's ZIP package
 * @param identifier the file's GUID, unique across all crawlers
 * @param operation  what happened to the file since the crawler's last run
 * @param url        where the crawler downloaded the file from
 * @param md5        MD5 of the file's bytes, in hex as written
 */
public record Document(String format, String file, String identifier, Operation operation, String url, String md5) {

    /** The declared MD5 as a {@link Digest} (hex lower-cased), or null when none was given. */
    public Digest digest() {
        return md5 == null ? null : new Digest(HashAlgorithm.MD5, md5.toLowerCase(Locale.ROOT));
    }
}
