package org.lexsync.engine.atom;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.Files;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.lexsync.core.atom.AtomReader;
import org.lexsync.core.atom.AtomValidator;
import org.lexsync.core.atom.FeedItem;
import org.lexsync.core.atom.DeletedEntry;
import org.lexsync.core.findings.Finding;
import org.lexsync.core.findings.Findings;
import org.lexsync.core.xml.XmlDocumentException;
import org.lexsync.engine.fetch.Expectation;
import org.lexsync.engine.fetch.FetchResult;
import org.lexsync.engine.fetch.Validators;
import org.lexsync.engine.harvest.CachedDocument;
import org.lexsync.engine.harvest.SourceReader;
import org.lexsync.engine.model.SourceUnreadableException;

/**
 * Reads feed documents, fetched through the shared {@link SourceReader} (polite fetcher, conditional GET from the
 * fetch cache, counters), into {@link FeedPage}s, validating each against the rinfo profile on the way (findings
 * name the document).
 */
final class PageReader {
    static final String ACCEPT = "application/atom+xml, application/xml;q=0.9, */*;q=0.1";

    private final SourceReader source;
    private final Findings findings;

    PageReader(SourceReader source, Findings findings) {
        this.source = source;
        this.findings = findings;
    }

    /** Outcome of reading the subscription document: a page, or "unchanged since the last complete run". */
    sealed interface Outcome {
        record Page(FeedPage page) implements Outcome {
        }

        record Unchanged() implements Outcome {
        }
    }

    /**
     * Reads the subscription document with a conditional GET (rinfo §6: collectors poll it often).
     *
     * @throws org.lexsync.engine.model.SourceUnreadableException when it cannot be fetched or read
     */
    Outcome subscription(URI url) {
        Validators validators = source.validators(url.toString());
        FetchResult result = source.fetch(url, ACCEPT, Expectation.NONE, validators);
        return switch (result) {
            case FetchResult.NotModified n -> new Outcome.Unchanged();
            case FetchResult.Failed f -> throw new SourceUnreadableException(url, f.status(), SourceReader.describe(f));
            case FetchResult.Fetched f -> {
                try {
                    yield new Outcome.Page(read(f));
                } catch (XmlDocumentException e) {
                    throw new SourceUnreadableException(url, f.status(),
                            "not a readable Atom feed: " + e.getMessage(), e);
                }
            }
        };
    }

    /**
     * Reads an archive document (RFC 5005 §4). Archives are read whole every time they are needed (the
     * forward climb needs their items), and are expected never to change: a body that differs from the
     * one read before is reported (rinfo §6: archives must be consistent).
     *
     * @throws ArchiveChainException when it cannot be fetched or read
     */
    FeedPage archive(URI url) {
        FetchResult result;
        try {
            result = source.fetch(url, ACCEPT, Expectation.NONE, Validators.NONE);
        } catch (SourceUnreadableException e) {
            throw new ArchiveChainException(url, ArchiveChainException.Problem.MISSING, e.status(), e.getMessage());
        }
        return switch (result) {
            case FetchResult.NotModified n -> throw new ArchiveChainException(url, ArchiveChainException.Problem.MISSING,
                    304, "unexpected 304 to an unconditional request");
            case FetchResult.Failed f -> throw new ArchiveChainException(url, ArchiveChainException.Problem.MISSING,
                    f.status(), SourceReader.describe(f));
            case FetchResult.Fetched f -> {
                FeedPage page;
                try {
                    page = read(f);
                } catch (XmlDocumentException e) {
                    throw new ArchiveChainException(url, ArchiveChainException.Problem.UNREADABLE, f.status(),
                            e.getMessage());
                }
                Optional<CachedDocument> before = source.cached(url.toString());
                if (before.isPresent() && before.get().sha256() != null && !before.get().sha256().equals(page.sha256())) {
                    findings.warning("rinfo:6/archive-changed", String.format(Locale.ROOT,
                            "%s: archive document changed since it was read on %s (archives must stay consistent)",
                            url, before.get().fetched()), 0, 0);
                }
                remember(page);
                yield page;
            }
        };
    }

    /** Stores the page's validators and digest, so that the next conditional GET can answer 304. */
    void remember(FeedPage page) {
        source.remember(new CachedDocument(page.url().toString(), page.etag(), page.lastModified(), page.sha256(),
                Instant.now()));
    }

    /** The shared reader the pages were fetched with (its counters go into the report). */
    SourceReader source() {
        return source;
    }

    private FeedPage read(FetchResult.Fetched f) {
        // relative references resolve against the address the document was served from (RFC 3986 §5.1.3)
        String document = f.finalUrl().toString();
        List<ItemKey> keys = new ArrayList<>();
        Instant oldest = null;
        Instant newest = null;
        boolean ok = false;
        try (InputStream in = Files.newInputStream(f.body()); AtomReader reader = AtomReader.open(in, document)) {
            AtomValidator validator = new AtomValidator(AtomValidator.Profile.RINFO).header(reader.feed());
            int ordinal = 0;
            while (reader.hasNext()) {
                FeedItem item = reader.next();
                validator.item(item);
                ordinal++;
                if (item.id() == null || item.timestamp() == null || !item.timestamp().ok()) {
                    continue;
                }
                Instant at = item.timestamp().instant();
                keys.add(new ItemKey(item.id(), at, item instanceof DeletedEntry, ordinal));
                oldest = oldest == null || at.isBefore(oldest) ? at : oldest;
                newest = newest == null || at.isAfter(newest) ? at : newest;
            }
            var header = reader.trailer();
            validator.header(header);
            addAll(document, reader.findings());
            addAll(document, validator.finish());
            ok = true;
            return new FeedPage(f.requested(), f.finalUrl(), f.body(), header, keys, oldest, newest, f.etag(), f.lastModified(),
                    f.sha256Hex());
        } catch (IOException e) {
            throw new XmlDocumentException(XmlDocumentException.Reason.IO, document, 0, 0, e.toString());
        } finally {
            if (!ok) {
                try {
                    Files.deleteIfExists(f.body());
                } catch (IOException ignored) {
                    // left in the temp directory
                }
            }
        }
    }

    private void addAll(String document, Findings page) {
        for (Finding x : page) {
            findings.add(new Finding(x.severity(), x.rule(), document + ": " + x.message(), x.line(), x.column()));
        }
    }
}
