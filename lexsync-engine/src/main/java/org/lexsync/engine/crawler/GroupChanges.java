package org.lexsync.engine.crawler;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.lexsync.core.checksum.Digests;
import org.lexsync.engine.model.ChangeKind;
import org.lexsync.engine.model.Link;
import org.lexsync.engine.model.PlannedChange;
import org.lexsync.engine.model.PlannedRepresentation;
import org.lexsync.engine.model.RepresentationRole;

/**
 * A document group as planned changes, one per document (EUCases D2.1 §2: change detection per file by MD5): the
 * detail page — its bytes as served (primary) and its metadata as canonical JSON (metadata), linked to its
 * attachments ({@code item}) and its group id — then each attachment, fetched by the applier, linked {@code up} to
 * the page. The applier and the store tell Add, Upd and None from the digests; a None adds no journal row.
 */
final class GroupChanges {

    private GroupChanges() {
    }

    static List<PlannedChange> plan(String sourceId, URI url, Page page, DocumentGroup group) {
        List<PlannedChange> out = new ArrayList<>(1 + group.attachments().size());
        List<Link> links = new ArrayList<>();
        links.add(new Link(CrawlPlanner.GROUP_REL, group.id()));
        for (Attachment a : group.attachments()) {
            links.add(new Link(CrawlPlanner.ITEM_REL, a.url().toString()));
        }
        String type = page.contentType() != null ? page.contentType() : "text/html";
        PlannedRepresentation html = PlannedRepresentation.bytes(page.bytes(), url, RepresentationRole.PRIMARY,
                Digests.NONE, type);
        PlannedRepresentation meta = PlannedRepresentation.bytes(CrawlPlanner.metadataJson(group), url,
                RepresentationRole.METADATA, Digests.NONE, "application/json");
        out.add(PlannedChange.builder(sourceId, url.toString(), ChangeKind.UPDATED).representations(List.of(html, meta))
                .links(links).title(group.title()).published(group.published()).unordered(true).build());
        for (Attachment a : group.attachments()) {
            if (a.url().toString().equals(url.toString())) {
                continue;
            }
            PlannedRepresentation file = PlannedRepresentation.fetch(a.url(), RepresentationRole.PRIMARY, Digests.NONE,
                    null, mediaType(a));
            out.add(PlannedChange.builder(sourceId, a.url().toString(), ChangeKind.UPDATED)
                    .representations(List.of(file)).links(List.of(new Link(CrawlPlanner.UP_REL, url.toString()),
                            new Link(CrawlPlanner.GROUP_REL, group.id())))
                    .title(a.fileName()).unordered(true).build());
        }
        return out;
    }

    /**
     * A group a listing row links directly (no detail page): one change for the document, its bytes fetched by the
     * applier (conditionally when a copy is held; MD5 tells Add, Upd and None) and the rows' metadata as canonical
     * JSON (metadata role), linked to its group id.
     */
    static PlannedChange planDocument(String sourceId, DocumentGroup group) {
        URI url = group.page();
        Attachment self = new Attachment(url, GenericCrawler.fileName(url), GenericCrawler.extension(url));
        PlannedRepresentation file = PlannedRepresentation.fetch(url, RepresentationRole.PRIMARY, Digests.NONE, null,
                mediaType(self));
        PlannedRepresentation meta = PlannedRepresentation.bytes(CrawlPlanner.metadataJson(group), url,
                RepresentationRole.METADATA, Digests.NONE, "application/json");
        return PlannedChange.builder(sourceId, url.toString(), ChangeKind.UPDATED).representations(List.of(file, meta))
                .links(List.of(new Link(CrawlPlanner.GROUP_REL, group.id()))).title(group.title())
                .published(group.published()).unordered(true).build();
    }

    private static String mediaType(Attachment a) {
        String f = a.format() == null ? "" : a.format().toLowerCase(Locale.ROOT);
        return switch (f) {
            case "pdf" -> "application/pdf";
            case "doc" -> "application/msword";
            case "docx" -> "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
            case "html", "htm" -> "text/html";
            case "txt" -> "text/plain";
            case "xml" -> "application/xml";
            default -> null;
        };
    }
}
