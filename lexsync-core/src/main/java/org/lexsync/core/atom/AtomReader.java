package org.lexsync.core.atom;

import java.io.InputStream;
import java.net.URI;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import javax.xml.XMLConstants;
import javax.xml.namespace.QName;
import javax.xml.stream.Location;
import javax.xml.stream.XMLStreamConstants;
import org.lexsync.core.findings.Findings;
import org.lexsync.core.uri.LenientUris;
import org.lexsync.core.xml.SafeXmlReader;
import org.lexsync.core.xml.XmlDocumentException;
import org.lexsync.core.xml.XmlElement;
import org.lexsync.core.xml.XmlFindings;
import org.lexsync.core.xml.XmlInput;
import org.lexsync.core.xml.XmlLimits;

/**
 * Streaming reader of Atom feed documents and standalone entry documents (RFC 4287 §4.1), with RFC 5005
 * markers, RFC 6721 tombstones and Atom Link Extensions attributes. It holds one item at a time, so a
 * feed of any length reads in bounded memory.
 *
 * <p>{@link #feed()} is the feed metadata found before the first entry or tombstone. RFC 4287 allows
 * feed metadata anywhere among the entries; what comes after the first item is merged into
 * {@link #trailer()}, available once {@link #hasNext()} has returned false (and noted as an INFO
 * finding, since a streaming consumer does not see it in {@code feed()}).
 *
 * <p>Lenient where publishers are sloppy: any encoding the XML declaration names, dates with
 * deviations (kept in {@link AtomDate}; the {@link AtomValidator} reports them), duplicates (first kept).
 * Strict where safety is concerned: the {@link XmlInput} limits apply, and a root other than
 * {@code atom:feed} or {@code atom:entry} is an {@link XmlDocumentException} with
 * {@link XmlDocumentException.Reason#UNEXPECTED_ROOT}. {@link #findings()} lists what was tolerated.
 */
public final class AtomReader implements AutoCloseable, Iterator<FeedItem> {
    private static final String XML_NS = XMLConstants.XML_NS_URI;

    private final SafeXmlReader r;
    private final int maxForeignNodes;
    private final Findings findings = new Findings();
    private final boolean entryDocument;
    private final URI feedBase;
    /**
     * The Atom namespace URI as this document spells it: {@link AtomNs#ATOM}, or a variant differing only
     * in case, like the {@code http://www.w3.org/2005/atom} of the rinfo digest's own §4.2 example, which
     * publishers copied (read as Atom with an error finding: namespace names compare case-sensitively).
     */
    private final String atom;
    private final Header header = new Header();
    private AtomFeed feed;
    private AtomFeed trailer;
    private FeedItem pending;
    private boolean done;
    private boolean late;

    private AtomReader(SafeXmlReader r, XmlLimits limits) {
        this.r = r;
        this.maxForeignNodes = limits.maxForeignNodes();
        URI documentBase = Bases.of(r.document());
        r.nextTag();
        String ns = r.getNamespaceURI();
        String local = r.getLocalName();
        if (r.assumedEncoding() != null) {
            findings.warning(XmlFindings.UNDECLARED_ENCODING, XmlFindings.undeclaredEncoding(r), r.line(), r.column());
        }
        atom = AtomNs.ATOM.equalsIgnoreCase(ns) ? ns : AtomNs.ATOM;
        if (!AtomNs.ATOM.equals(atom)) {
            findings.error("atom:rfc4287-2/namespace", "the Atom namespace is spelt '" + atom + "' (it is '"
                    + AtomNs.ATOM + "', compared case-sensitively); read as Atom", r.line(), r.column());
        }
        if (atom.equals(ns) && "feed".equals(local)) {
            entryDocument = false;
            feedBase = Bases.nest(documentBase, r.getAttributeValue(XML_NS, "base"));
            header.lang = r.getAttributeValue(XML_NS, "lang");
            Location l = r.getLocation();
            header.line = l.getLineNumber();
            header.column = l.getColumnNumber();
            readHeader();
        } else if (atom.equals(ns) && "entry".equals(local)) {
            entryDocument = true;
            feedBase = documentBase;
            feed = AtomFeed.NONE;
            trailer = AtomFeed.NONE;
            pending = readEntry(documentBase);
            done = true;
        } else {
            throw new XmlDocumentException(XmlDocumentException.Reason.UNEXPECTED_ROOT, r.document(), r.line(),
                    r.column(), "expected {" + AtomNs.ATOM + "}feed or entry, found {" + ns + "}" + local);
        }
    }

    /**
     * Opens a reader and reads the feed header. The caller closes the reader, which closes {@code in}.
     *
     * @param document the URL (also the base for relative links) or a path, used in errors and findings
     */
    public static AtomReader open(InputStream in, String document, XmlLimits limits) {
        SafeXmlReader r = XmlInput.open(in, document, limits);
        try {
            return new AtomReader(r, limits);
        } catch (RuntimeException e) {
            r.close();
            throw e;
        }
    }

    /** {@link #open(InputStream, String, XmlLimits)} with {@link XmlLimits#DEFAULT}. */
    public static AtomReader open(InputStream in, String document) {
        return open(in, document, XmlLimits.DEFAULT);
    }

    /** The document being read. */
    public String document() {
        return r.document();
    }

    /** True when the root is {@code atom:entry}: {@link #feed()} is {@link AtomFeed#NONE} and one item follows. */
    public boolean entryDocument() {
        return entryDocument;
    }

    /** The feed metadata that precedes the first item. */
    public AtomFeed feed() {
        return feed;
    }

    /**
     * The complete feed metadata including elements found after items (lists appended, first value of
     * single elements kept). Only available after {@link #hasNext()} returned false.
     */
    public AtomFeed trailer() {
        if (!done || pending != null) {
            throw new IllegalStateException("trailer() is available once hasNext() returned false");
        }
        if (trailer == null) {
            trailer = header.build();
        }
        return trailer;
    }

    /** Observations made while reading leniently (duplicates, unresolvable links, bad numbers …). */
    public Findings findings() {
        return findings;
    }

    @Override
    public boolean hasNext() {
        if (pending != null) {
            return true;
        }
        if (done) {
            return false;
        }
        while (true) {
            if (r.nextTag() == XMLStreamConstants.END_ELEMENT) {
                done = true;
                return false;
            }
            if (startsItem()) {
                pending = readItem();
                return true;
            }
            if (!late) {
                late = true;
                findings.info("atom:rfc4287-4.1.1/metadata-after-entries", "feed element atom:"
                        + r.getLocalName() + " after the first entry: allowed by RFC 4287, merged into the trailer",
                        r.line(), r.column());
            }
            headerChild();
        }
    }

    @Override
    public FeedItem next() {
        if (!hasNext()) {
            throw new NoSuchElementException("no more items in " + r.document());
        }
        FeedItem item = pending;
        pending = null;
        return item;
    }

    @Override
    public void close() {
        r.close();
    }

    private void readHeader() {
        while (true) {
            if (r.nextTag() == XMLStreamConstants.END_ELEMENT) {
                done = true;
                feed = header.build();
                return;
            }
            if (startsItem()) {
                feed = header.build();
                pending = readItem();
                return;
            }
            headerChild();
        }
    }

    private boolean startsItem() {
        String local = r.getLocalName();
        String ns = r.getNamespaceURI();
        return "entry".equals(local) && atom.equals(ns) || "deleted-entry".equals(local) && tombstoneNs(ns);
    }

    private FeedItem readItem() {
        return "deleted-entry".equals(r.getLocalName()) ? readDeleted() : readEntry(feedBase);
    }

    /**
     * RFC 6721 §2's namespace, or a variant real publishers wrote that cannot mean anything else: the
     * tombstone namespace with another case or a trailing slash, or none of its own (the default Atom
     * namespace inherited by an unprefixed {@code deleted-entry}: RFC 4287 defines no such element).
     * Variants are read with an error finding; only called for elements named {@code deleted-entry}.
     */
    private boolean tombstoneNs(String ns) {
        if (AtomNs.AT.equals(ns)) {
            return true;
        }
        boolean variant = ns != null && (atom.equals(ns) || ns.regionMatches(true, 0, AtomNs.AT, 0, AtomNs.AT.length())
                && (ns.length() == AtomNs.AT.length() || ns.length() == AtomNs.AT.length() + 1 && ns.endsWith("/")));
        if (variant) {
            findings.error("atom:rfc6721-2/namespace", "deleted-entry in namespace '" + ns + "', not '" + AtomNs.AT
                    + "'; read as a tombstone", r.line(), r.column());
        }
        return variant;
    }

    private void headerChild() {
        String ns = r.getNamespaceURI();
        String local = r.getLocalName();
        Header h = header;
        if (atom.equals(ns)) {
            switch (local) {
                case "id" -> {
                    int[] at = duplicateAt(h.id != null);
                    String v = r.getElementText().strip();
                    h.id = single(h.id, v, at, "atom:rfc4287-4.1.1/single", "id");
                }
                case "title" -> {
                    int[] at = duplicateAt(h.title != null);
                    h.title = single(h.title, readText(), at, "atom:rfc4287-4.1.1/single", "title");
                }
                case "subtitle" -> {
                    int[] at = duplicateAt(h.subtitle != null);
                    h.subtitle = single(h.subtitle, readText(), at, "atom:rfc4287-4.1.1/single", "subtitle");
                }
                case "updated" -> {
                    int[] at = duplicateAt(h.updated != null);
                    h.updated = single(h.updated, AtomDate.parse(r.getElementText()), at,
                            "atom:rfc4287-4.1.1/single", "updated");
                }
                case "author" -> h.authors.add(readPerson());
                case "link" -> h.links.add(readLink(feedBase));
                default -> h.foreign.add(XmlElement.read(r, maxForeignNodes));
            }
        } else if (AtomNs.FH.equals(ns) && "complete".equals(local)) {
            h.complete = true;
            r.skipElement();
        } else if (AtomNs.FH.equals(ns) && "archive".equals(local)) {
            h.archive = true;
            r.skipElement();
        } else {
            h.foreign.add(XmlElement.read(r, maxForeignNodes));
        }
    }

    /** RFC 4287 §4.1.2. */
    private Entry readEntry(URI parentBase) {
        Location start = r.getLocation();
        URI base = Bases.nest(parentBase, r.getAttributeValue(XML_NS, "base"));
        String id = null;
        AtomText title = null;
        AtomText summary = null;
        AtomDate updated = null;
        AtomDate published = null;
        Content content = null;
        List<Person> authors = null;
        List<Link> links = null;
        List<Category> categories = null;
        List<XmlElement> foreign = null;
        while (r.nextTag() == XMLStreamConstants.START_ELEMENT) {
            String local = r.getLocalName();
            if (!atom.equals(r.getNamespaceURI())) {
                foreign = add(foreign, XmlElement.read(r, maxForeignNodes));
                continue;
            }
            switch (local) {
                case "id" -> {
                    int[] at = duplicateAt(id != null);
                    id = single(id, r.getElementText().strip(), at, "atom:rfc4287-4.1.2/single", "id");
                }
                case "title" -> {
                    int[] at = duplicateAt(title != null);
                    title = single(title, readText(), at, "atom:rfc4287-4.1.2/single", "title");
                }
                case "updated" -> {
                    int[] at = duplicateAt(updated != null);
                    updated = single(updated, AtomDate.parse(r.getElementText()), at, "atom:rfc4287-4.1.2/single",
                            "updated");
                }
                case "published" -> {
                    int[] at = duplicateAt(published != null);
                    published = single(published, AtomDate.parse(r.getElementText()), at,
                            "atom:rfc4287-4.1.2/single", "published");
                }
                case "summary" -> {
                    int[] at = duplicateAt(summary != null);
                    summary = single(summary, readText(), at, "atom:rfc4287-4.1.2/single", "summary");
                }
                case "content" -> {
                    int[] at = duplicateAt(content != null);
                    content = single(content, readContent(base), at, "atom:rfc4287-4.1.2/single", "content");
                }
                case "link" -> links = add(links, readLink(base));
                case "author" -> authors = add(authors, readPerson());
                case "category" -> categories = add(categories, readCategory());
                default -> foreign = add(foreign, XmlElement.read(r, maxForeignNodes));
            }
        }
        return new Entry(id, title, updated, published, authors, summary, content,
                links == null ? Links.NONE : new Links(links), categories, foreign,
                start.getLineNumber(), start.getColumnNumber());
    }

    /** RFC 6721 §2: {@code <at:deleted-entry ref="…" when="…">} with optional at:by and at:comment. */
    private DeletedEntry readDeleted() {
        Location start = r.getLocation();
        String ref = r.attribute("ref");
        String when = r.attribute("when");
        Person by = null;
        String comment = null;
        List<XmlElement> foreign = null;
        while (r.nextTag() == XMLStreamConstants.START_ELEMENT) {
            String local = r.getLocalName();
            if (AtomNs.AT.equals(r.getNamespaceURI()) && "by".equals(local) && by == null) {
                by = readPerson();
            } else if (AtomNs.AT.equals(r.getNamespaceURI()) && "comment".equals(local) && comment == null) {
                comment = r.getElementText();
            } else {
                foreign = add(foreign, XmlElement.read(r, maxForeignNodes));
            }
        }
        return new DeletedEntry(ref == null ? null : ref.strip(), when == null ? null : AtomDate.parse(when), by,
                comment, foreign, start.getLineNumber(), start.getColumnNumber());
    }

    /** RFC 4287 §3.2: atom:name, atom:email, atom:uri; other children are ignored. */
    private Person readPerson() {
        String name = null;
        String email = null;
        String uri = null;
        while (r.nextTag() == XMLStreamConstants.START_ELEMENT) {
            if (atom.equals(r.getNamespaceURI())) {
                switch (r.getLocalName()) {
                    case "name" -> name = r.getElementText().strip();
                    case "email" -> email = r.getElementText().strip();
                    case "uri" -> uri = r.getElementText().strip();
                    default -> r.skipElement();
                }
            } else {
                r.skipElement();
            }
        }
        return new Person(name, email, uri);
    }

    /** RFC 4287 §3.1; for xhtml the character content of the div, markup dropped (§3.1.1.3). */
    private AtomText readText() {
        String type = r.attribute("type");
        return new AtomText(type, "xhtml".equals(type) ? allText() : r.getElementText());
    }

    private String allText() {
        StringBuilder b = new StringBuilder();
        int depth = 0;
        while (true) {
            switch (r.next()) {
                case XMLStreamConstants.START_ELEMENT -> depth++;
                case XMLStreamConstants.END_ELEMENT -> {
                    if (depth-- == 0) {
                        return b.toString().strip();
                    }
                }
                case XMLStreamConstants.CHARACTERS, XMLStreamConstants.CDATA, XMLStreamConstants.SPACE ->
                        b.append(r.getText());
                default -> {
                }
            }
        }
    }

    /** RFC 4287 §4.2.7 plus Link Extensions ({@code hash}, {@code modified}) and obsolete {@code le:md5}. */
    private Link readLink(URI parentBase) {
        String rel = null;
        String href = null;
        String type = null;
        String hreflang = null;
        String title = null;
        String length = null;
        String hash = null;
        String modified = null;
        String leMd5 = null;
        String xmlBase = null;
        Map<QName, String> extra = null;
        for (int i = 0, n = r.getAttributeCount(); i < n; i++) {
            String ans = r.getAttributeNamespace(i);
            String local = r.getAttributeLocalName(i);
            String v = r.getAttributeValue(i);
            if (ans == null || ans.isEmpty()) {
                switch (local) {
                    case "rel" -> rel = v.strip();
                    case "href" -> href = v;
                    case "type" -> type = v;
                    case "hreflang" -> hreflang = v;
                    case "title" -> title = v;
                    case "length" -> length = v;
                    case "hash" -> hash = v;
                    case "modified" -> modified = v;
                    default -> extra = put(extra, r.getAttributeName(i), v);
                }
            } else if (XML_NS.equals(ans)) {
                if ("base".equals(local)) {
                    xmlBase = v;
                }
            } else if (AtomNs.LE.equals(ans) && "md5".equals(local)) {
                leMd5 = v;
            } else {
                extra = put(extra, r.getAttributeName(i), v);
            }
        }
        if (href == null) {
            findings.error("atom:rfc4287-4.2.7.1/href", "atom:link without href", r.line(), r.column());
            href = "";
        }
        String resolved = resolve(parentBase, xmlBase, href);
        Long len = length == null ? null : parseLength(length);
        r.skipElement();
        return new Link(rel, resolved, href, type, hreflang, title, len, LinkDigests.parse(hash), leMd5,
                modified == null ? null : AtomDate.parse(modified), extra);
    }

    /** RFC 4287 §4.1.3; {@code hash}/{@code le:md5} on content as the rinfo profile uses them (§3.3.4, §3.3.6). */
    private Content readContent(URI parentBase) {
        String type = null;
        String src = null;
        String hash = null;
        String leMd5 = null;
        String xmlBase = null;
        Map<QName, String> extra = null;
        for (int i = 0, n = r.getAttributeCount(); i < n; i++) {
            String ans = r.getAttributeNamespace(i);
            String local = r.getAttributeLocalName(i);
            String v = r.getAttributeValue(i);
            if (ans == null || ans.isEmpty()) {
                switch (local) {
                    case "type" -> type = v;
                    case "src" -> src = v;
                    case "hash" -> hash = v;
                    default -> extra = put(extra, r.getAttributeName(i), v);
                }
            } else if (XML_NS.equals(ans)) {
                if ("base".equals(local)) {
                    xmlBase = v;
                }
            } else if (AtomNs.LE.equals(ans) && "md5".equals(local)) {
                leMd5 = v;
            } else {
                extra = put(extra, r.getAttributeName(i), v);
            }
        }
        String resolved = src == null ? null : resolve(parentBase, xmlBase, src);
        StringBuilder text = null;
        String single = null;
        List<XmlElement> elements = null;
        while (true) {
            int event = r.next();
            if (event == XMLStreamConstants.END_ELEMENT) {
                break;
            }
            switch (event) {
                case XMLStreamConstants.START_ELEMENT -> elements = add(elements, XmlElement.read(r, maxForeignNodes));
                case XMLStreamConstants.CHARACTERS, XMLStreamConstants.CDATA, XMLStreamConstants.SPACE -> {
                    if (single == null) {
                        single = r.getText();
                    } else {
                        if (text == null) {
                            text = new StringBuilder(single);
                        }
                        text.append(r.getText());
                    }
                }
                default -> {
                }
            }
        }
        String t = text != null ? text.toString() : single == null ? "" : single;
        if (elements != null) {
            t = t.strip();
        }
        return new Content(type, resolved, src, t, elements, LinkDigests.parse(hash), leMd5, extra);
    }

    /** RFC 4287 §4.2.2. */
    private Category readCategory() {
        Category c = new Category(r.attribute("term"), r.attribute("scheme"), r.attribute("label"));
        r.skipElement();
        return c;
    }

    /** Resolves while the reader is on the element's start tag (findings carry its position). */
    private String resolve(URI parentBase, String xmlBase, String href) {
        URI base = xmlBase == null ? parentBase : Bases.nest(parentBase, xmlBase);
        String resolved = Bases.resolve(base, href);
        if (resolved == null) {
            // an IRI (spaces, Swedish letters): percent-encoded as UTF-8, RFC 3987 §3.1; only this path pays
            String encoded = LenientUris.encode(href);
            resolved = encoded.equals(href) ? null : Bases.resolve(base, encoded);
            if (resolved != null) {
                findings.warning("atom:rfc4287-2/iri", "'" + href + "' holds characters a URI does not allow;"
                        + " read percent-encoded as " + resolved + " (RFC 3987 §3.1)", r.line(), r.column());
                return resolved;
            }
            findings.warning("atom:rfc4287-2/iri", "cannot resolve '" + href + "' against xml:base " + base
                    + "; kept as written", r.line(), r.column());
            return href;
        }
        return resolved;
    }

    private Long parseLength(String s) {
        String v = s.strip();
        long value = 0;
        boolean ok = !v.isEmpty() && v.length() <= 18;
        for (int i = 0; ok && i < v.length(); i++) {
            char c = v.charAt(i);
            ok = c >= '0' && c <= '9';
            value = value * 10 + (c - '0');
        }
        if (!ok) {
            findings.error("atom:rfc4287-4.2.7.6/length", "link length is not a non-negative integer: '" + s + "'",
                    r.line(), r.column());
            return null;
        }
        return value;
    }

    /** The position of an element that repeats a single-valued one (null when it does not). */
    private int[] duplicateAt(boolean duplicate) {
        return duplicate ? new int[] {r.line(), r.column()} : null;
    }

    private <T> T single(T existing, T value, int[] at, String rule, String name) {
        if (existing == null) {
            return value;
        }
        findings.error(rule, "more than one atom:" + name + " (the first is used)", at[0], at[1]);
        return existing;
    }

    private static <T> List<T> add(List<T> list, T value) {
        List<T> l = list == null ? new ArrayList<>(4) : list;
        l.add(value);
        return l;
    }

    private static Map<QName, String> put(Map<QName, String> map, QName name, String value) {
        Map<QName, String> m = map == null ? new HashMap<>(4) : map;
        m.put(name, value);
        return m;
    }

    /** Feed metadata collected so far (mutable while reading). */
    private static final class Header {
        String id;
        AtomText title;
        AtomText subtitle;
        AtomDate updated;
        final List<Person> authors = new ArrayList<>(2);
        final List<Link> links = new ArrayList<>(4);
        boolean complete;
        boolean archive;
        final List<XmlElement> foreign = new ArrayList<>(2);
        String lang;
        int line;
        int column;

        AtomFeed build() {
            return new AtomFeed(id, title, subtitle, updated, authors, new Links(links), complete, archive, foreign,
                    lang, line, column);
        }
    }
}
