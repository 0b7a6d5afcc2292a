package org.lexsync.engine.crawler;

import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * What the extract step makes of one detail page (EUCases D2.1 §2, Appendix I "document group"): a stable group
 * id (the portal's own number where it shows one, else the page URL), the detail page, its metadata fields (kept
 * sorted, so that the same metadata gives the same bytes and MD5), a title and publication date when known, and
 * the attachments. When several listing rows name the same document (consolidated cases), {@code records} keeps
 * every row's fields, sorted, and {@code metadata} is the merge of the first of them with the detail page's.
 */
public record DocumentGroup(String id, URI page, SortedMap<String, String> metadata, @Nullable String title,
                            @Nullable String published, List<Attachment> attachments,
                            List<SortedMap<String, String>> records) {

    public DocumentGroup {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(page, "page");
        metadata = new TreeMap<>(metadata);
        attachments = List.copyOf(attachments);
        records = records.stream().map(r -> (SortedMap<String, String>) new TreeMap<>(r)).toList();
        if (id.isBlank()) {
            throw new IllegalArgumentException("a document group id must not be blank (" + page + ")");
        }
    }

    /** A group whose metadata comes from one page or row. */
    public DocumentGroup(String id, URI page, SortedMap<String, String> metadata, @Nullable String title,
                         @Nullable String published, List<Attachment> attachments) {
        this(id, page, metadata, title, published, attachments, List.of());
    }

    /** A group from a plain map of metadata. */
    public static DocumentGroup of(String id, URI page, Map<String, String> metadata, @Nullable String title,
                                   @Nullable String published, List<Attachment> attachments) {
        return new DocumentGroup(id, page, new TreeMap<>(metadata), title, published, attachments);
    }
}
