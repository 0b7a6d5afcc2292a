package org.lexsync.core.sitemap;

import java.io.InputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.NoSuchElementException;
import javax.xml.namespace.QName;
import javax.xml.stream.Location;
import javax.xml.stream.XMLStreamConstants;
import org.lexsync.core.checksum.Digests;
import org.lexsync.core.findings.Findings;
import org.lexsync.core.time.Deviation;
import org.lexsync.core.time.ParsedDateTime;
import org.lexsync.core.time.W3cDateTime;
import org.lexsync.core.time.W3cDateTimes;
import org.lexsync.core.xml.SafeXmlReader;
import org.lexsync.core.xml.XmlDocumentException;
import org.lexsync.core.xml.XmlDocumentException.Reason;
import org.lexsync.core.xml.XmlElement;
import org.lexsync.core.xml.XmlFindings;
import org.lexsync.core.xml.XmlInput;
import org.lexsync.core.xml.XmlLimits;

/**
 * Streaming reader of Sitemaps 0.9 and ResourceSync documents (sitemaps.org protocol; ResourceSync §7):
 * the header first, then one entry at a time, so a document of any length is read in a small fixed heap.
 *
 * <p>Lenient where publishers are sloppy: whitespace around {@code loc}, missing {@code lastmod}, dates with
 * deviations, upper-case hex, a missing or legacy sitemap namespace. What it cannot keep in the model
 * (unparseable numbers and attribute dates, deviations in attribute dates, misplaced elements) becomes a
 * finding in {@link #findings()}; what the model keeps as written ({@code loc}, {@code lastmod} text,
 * {@code changefreq}, capability and change values) is judged by {@link SitemapValidator}. Strict where
 * safety is concerned: {@link XmlInput} limits apply, and a root other than {@code urlset}/{@code sitemapindex}
 * is refused with {@link Reason#UNEXPECTED_ROOT}. Not thread-safe.
 */
public final class SitemapReader implements AutoCloseable {
    private static final String RS = SitemapNamespaces.RS;

    private final SafeXmlReader r;
    private final int maxForeignNodes;
    private final Findings findings = new Findings();
    private SitemapHeader header;
    private String ns;
    private String entryName;
    private boolean pending;
    private boolean ended;
    private long count;

    private final RsPrefixRepair repair;

    private SitemapReader(SafeXmlReader reader, XmlLimits limits, RsPrefixRepair repair) {
        this.r = reader;
        this.maxForeignNodes = limits.maxForeignNodes();
        this.repair = repair;
    }

    /**
     * Opens a reader over {@code in} (plain or gzip-compressed XML). The reader owns the stream.
     *
     * @param document the URL or path, used in errors and findings
     */
    public static SitemapReader open(InputStream in, String document, XmlLimits limits) {
        RsPrefixRepair[] repair = new RsPrefixRepair[1];
        SafeXmlReader reader = XmlInput.open(in, document, limits, decoded -> repair[0] = new RsPrefixRepair(decoded));
        return new SitemapReader(reader, limits, repair[0]);
    }

    /** {@link #open(InputStream, String, XmlLimits)} with {@link XmlLimits#DEFAULT}. */
    public static SitemapReader open(InputStream in, String document) {
        return open(in, document, XmlLimits.DEFAULT);
    }

    /** The URL or path being read. */
    public String document() {
        return r.document();
    }

    /** Reads (once) the root element and everything before the first entry. */
    public SitemapHeader header() {
        if (header == null) {
            header = readHeader();
        }
        return header;
    }

    /** True when another entry follows; reads the header first if needed. */
    public boolean hasNext() {
        header();
        if (pending) {
            return true;
        }
        if (ended) {
            return false;
        }
        advanceToEntry();
        return pending;
    }

    /** The next entry; call {@link #hasNext()} first. */
    public SitemapEntry next() {
        if (!hasNext()) {
            throw new NoSuchElementException("no more entries in " + r.document());
        }
        pending = false;
        count++;
        return readEntry();
    }

    /** Entries returned so far. */
    public long count() {
        return count;
    }

    /** Lenient-parsing findings gathered so far (complete once the last entry was read). */
    public Findings findings() {
        return findings;
    }

    @Override
    public void close() {
        r.close();
    }

    private SitemapHeader readHeader() {
        int event = r.next();
        while (event != XMLStreamConstants.START_ELEMENT) {
            if (event == XMLStreamConstants.END_DOCUMENT) {
                throw new XmlDocumentException(Reason.MALFORMED, r.document(), r.line(), r.column(), "no root element");
            }
            event = r.next();
        }
        int line = r.line();
        int column = r.column();
        String rootNs = namespace();
        RootKind kind = RootKind.fromRootName(r.getLocalName());
        if (kind == null) {
            throw new XmlDocumentException(Reason.UNEXPECTED_ROOT, r.document(), line, column,
                    String.format(Locale.ROOT, "expected <urlset> or <sitemapindex>, found <%s>%s", r.getLocalName(),
                            rootNs.isEmpty() ? "" : " in namespace " + rootNs));
        }
        if (r.assumedEncoding() != null) {
            findings.warning(XmlFindings.UNDECLARED_ENCODING, XmlFindings.undeclaredEncoding(r), line, column);
        }
        if (repair != null && repair.repaired()) {
            findings.warning("rs:7/namespace", String.format(Locale.ROOT,
                    "the rs: prefix is used but not declared; read as the ResourceSync namespace %s", RS), line, column);
        }
        if (!SitemapNamespaces.SITEMAP.equals(rootNs)) {
            findings.warning("sitemaps:namespace", String.format(Locale.ROOT,
                    "root <%s> is in namespace '%s', not %s; read leniently", kind.rootName(), rootNs,
                    SitemapNamespaces.SITEMAP), line, column);
        }
        ns = rootNs;
        entryName = kind.entryName();
        Map<String, String> namespaces = new LinkedHashMap<>();
        for (int i = 0; i < r.getNamespaceCount(); i++) {
            String prefix = r.getNamespacePrefix(i);
            namespaces.put(prefix == null ? "" : prefix, r.getNamespaceURI(i));
        }
        Map<QName, String> attributes = new LinkedHashMap<>();
        for (int i = 0; i < r.getAttributeCount(); i++) {
            attributes.put(r.getAttributeName(i), r.getAttributeValue(i));
        }
        RsMetadata md = null;
        List<RsLink> links = new ArrayList<>(2);
        List<XmlElement> foreign = new ArrayList<>(0);
        while (true) {
            event = r.next();
            if (event == XMLStreamConstants.START_ELEMENT) {
                String elementNs = namespace();
                String name = r.getLocalName();
                if (elementNs.equals(ns) && name.equals(entryName)) {
                    pending = true;
                    break;
                }
                boolean rs = RS.equals(elementNs) || misplacedRs(elementNs, name);
                if (rs && name.equals("md")) {
                    if (md != null) {
                        findings.error("rs:7/root-md-repeated", "the root has more than one rs:md; the first is kept",
                                r.line(), r.column());
                        r.skipElement();
                    } else {
                        md = readMd();
                    }
                } else if (rs && name.equals("ln")) {
                    links.add(readLink());
                } else if (elementNs.equals(ns) || RS.equals(elementNs)) {
                    unexpected(name);
                } else {
                    foreign.add(XmlElement.read(r, maxForeignNodes));
                }
            } else if (event == XMLStreamConstants.END_ELEMENT) {
                rootEnded();
                break;
            }
        }
        return new SitemapHeader(kind, md, links, attributes, namespaces, foreign, line, column);
    }

    /** Moves to the next entry start tag at root level, or to the end of the document. */
    private void advanceToEntry() {
        while (true) {
            int event = r.next();
            if (event == XMLStreamConstants.START_ELEMENT) {
                String elementNs = namespace();
                String name = r.getLocalName();
                if (elementNs.equals(ns) && name.equals(entryName)) {
                    pending = true;
                    return;
                }
                if (RS.equals(elementNs) && (name.equals("md") || name.equals("ln"))) {
                    findings.warning("rs:7/root-element-position", String.format(Locale.ROOT,
                            "rs:%s after the first entry is ignored; it belongs before the entries (ResourceSync §7)",
                            name), r.line(), r.column());
                    r.skipElement();
                } else if (elementNs.equals(ns) || RS.equals(elementNs)) {
                    unexpected(name);
                } else {
                    findings.info("sitemaps:foreign-after-entries", String.format(Locale.ROOT,
                            "foreign element {%s}%s between entries is ignored", elementNs, name), r.line(), r.column());
                    r.skipElement();
                }
            } else if (event == XMLStreamConstants.END_ELEMENT) {
                rootEnded();
                return;
            }
        }
    }

    private void rootEnded() {
        ended = true;
        while (r.next() != XMLStreamConstants.END_DOCUMENT) {
            // drain trailing comments/whitespace so that garbage after the root is still reported
        }
    }

    private SitemapEntry readEntry() {
        Location location = r.getLocation();
        int line = location == null ? 0 : location.getLineNumber();
        int column = location == null ? 0 : location.getColumnNumber();
        String loc = null;
        String lastmodText = null;
        W3cDateTime lastmod = null;
        String changefreq = null;
        Double priority = null;
        RsMetadata md = null;
        List<RsLink> links = List.of();
        List<XmlElement> foreign = List.of();
        while (true) {
            int event = r.next();
            if (event == XMLStreamConstants.START_ELEMENT) {
                String elementNs = namespace();
                String name = r.getLocalName();
                boolean rs = RS.equals(elementNs) || misplacedRs(elementNs, name);
                if (elementNs.equals(ns) && !rs) {
                    switch (name) {
                        case "loc" -> loc = r.getElementText().strip();
                        case "lastmod" -> {
                            lastmodText = r.getElementText();
                            lastmod = W3cDateTimes.parse(lastmodText).value();
                        }
                        case "changefreq" -> changefreq = r.getElementText().strip();
                        case "priority" -> priority = priority(r.getElementText());
                        default -> unexpected(name);
                    }
                } else if (rs) {
                    if (name.equals("md")) {
                        if (md != null) {
                            findings.error("rs:7/md-repeated", "an entry has more than one rs:md; the first is kept",
                                    r.line(), r.column());
                            r.skipElement();
                        } else {
                            md = readMd();
                        }
                    } else if (name.equals("ln")) {
                        if (links.isEmpty()) {
                            links = new ArrayList<>(2);
                        }
                        links.add(readLink());
                    } else {
                        unexpected(name);
                    }
                } else {
                    if (foreign.isEmpty()) {
                        foreign = new ArrayList<>(2);
                    }
                    foreign.add(XmlElement.read(r, maxForeignNodes));
                }
            } else if (event == XMLStreamConstants.END_ELEMENT) {
                return new SitemapEntry(loc, lastmod, lastmodText, changefreq, priority, md, links, foreign, line,
                        column);
            }
        }
    }

    /**
     * True (with a finding) for an {@code md} or {@code ln} element written without the rs prefix, in the
     * Sitemap namespace or in none: read as the ResourceSync element it is meant to be (§7).
     */
    private boolean misplacedRs(String elementNs, String name) {
        if (!(name.equals("md") || name.equals("ln")) || !(elementNs.equals(ns) || elementNs.isEmpty())) {
            return false;
        }
        findings.warning("rs:7/namespace", String.format(Locale.ROOT,
                "<%s> is in namespace '%s', not %s; read as rs:%s", name, elementNs, RS, name), r.line(), r.column());
        return true;
    }

    private void unexpected(String name) {
        findings.warning("sitemaps:unknown-element", String.format(Locale.ROOT,
                "element <%s> {%s} is not defined here and is ignored", name, namespace()), r.line(), r.column());
        r.skipElement();
    }

    private Double priority(String text) {
        String t = text.strip();
        try {
            return Double.valueOf(t);
        } catch (NumberFormatException e) {
            findings.error("sitemaps:priority/number", String.format(Locale.ROOT,
                    "priority '%s' is not a number; ignored", t), r.line(), r.column());
            return null;
        }
    }

    /** Reads an rs:md start tag's attributes (ResourceSync §7, Table 3) and moves to its end tag. */
    private RsMetadata readMd() {
        String capability = null;
        String change = null;
        W3cDateTime at = null;
        W3cDateTime completed = null;
        W3cDateTime from = null;
        W3cDateTime until = null;
        W3cDateTime datetime = null;
        W3cDateTime modified = null;
        Digests hash = Digests.NONE;
        Long length = null;
        String type = null;
        String path = null;
        String encoding = null;
        Map<QName, String> other = null;
        int n = r.getAttributeCount();
        for (int i = 0; i < n; i++) {
            String attrNs = r.getAttributeNamespace(i);
            String value = r.getAttributeValue(i);
            if (attrNs == null || attrNs.isEmpty()) {
                switch (r.getAttributeLocalName(i)) {
                    case "capability" -> capability = lowerCaseToken("capability", value,
                            t -> Capability.fromToken(t) != null, "rs:7/capability");
                    case "change" -> change = lowerCaseToken("change", value, t -> ChangeType.fromToken(t) != null,
                            "rs:12.1/change");
                    case "at" -> at = time("at", value);
                    case "completed" -> completed = time("completed", value);
                    case "from" -> from = time("from", value);
                    case "until" -> until = time("until", value);
                    case "datetime" -> datetime = time("datetime", value);
                    case "modified" -> modified = time("modified", value);
                    case "hash" -> hash = hash(value);
                    case "length" -> length = length("length", value);
                    case "type" -> type = value;
                    case "path" -> path = value;
                    case "encoding" -> encoding = value;
                    default -> other = put(other, r.getAttributeName(i), value);
                }
            } else {
                other = put(other, r.getAttributeName(i), value);
            }
        }
        r.skipElement();
        return new RsMetadata(capability, at, completed, from, until, datetime, change, hash, length, type, path,
                encoding, modified, other);
    }

    /** Reads an rs:ln start tag's attributes (ResourceSync §7, Table 3) and moves to its end tag. */
    private RsLink readLink() {
        String rel = null;
        String href = null;
        Integer pri = null;
        String type = null;
        Long length = null;
        Digests hash = Digests.NONE;
        W3cDateTime modified = null;
        String path = null;
        String encoding = null;
        Map<QName, String> other = null;
        int n = r.getAttributeCount();
        for (int i = 0; i < n; i++) {
            String attrNs = r.getAttributeNamespace(i);
            String value = r.getAttributeValue(i);
            if (attrNs == null || attrNs.isEmpty()) {
                switch (r.getAttributeLocalName(i)) {
                    case "rel" -> rel = value.strip();
                    case "href" -> href = value.strip();
                    case "pri" -> pri = pri(value);
                    case "type" -> type = value;
                    case "length" -> length = length("length", value);
                    case "hash" -> hash = Lexical.digests(value);
                    case "modified" -> modified = time("modified", value);
                    case "path" -> path = value;
                    case "encoding" -> encoding = value;
                    default -> other = put(other, r.getAttributeName(i), value);
                }
            } else {
                other = put(other, r.getAttributeName(i), value);
            }
        }
        r.skipElement();
        return new RsLink(rel, href, pri, type, length, hash, modified, path, encoding, other);
    }

    private static Map<QName, String> put(Map<QName, String> map, QName name, String value) {
        Map<QName, String> m = map == null ? new LinkedHashMap<>(4) : map;
        m.put(name, value);
        return m;
    }

    private W3cDateTime time(String attribute, String value) {
        ParsedDateTime p = W3cDateTimes.parse(value);
        if (!p.ok()) {
            findings.error("rs:7/w3c-datetime", String.format(Locale.ROOT,
                    "%s='%s' is not a W3C Datetime (%s); ignored", attribute, value, p.error()), r.line(), r.column());
            return null;
        }
        if (!p.deviations().isEmpty()) {
            for (Deviation d : p.deviations()) {
                findings.warning("rs:7/w3c-datetime", String.format(Locale.ROOT,
                        "%s='%s' deviates from W3C Datetime: %s", attribute, value, d.description()), r.line(),
                        r.column());
            }
        }
        return p.value();
    }

    /**
     * A {@code capability} or {@code change} attribute; a defined value in another case ({@code ResourceList},
     * {@code DELETED}) is read as the value, with a finding (ResourceSync §7 defines lower-case tokens); anything
     * else is kept as written (the validator reports it).
     */
    private String lowerCaseToken(String attribute, String value, java.util.function.Predicate<String> defined,
                                  String rule) {
        String v = value.strip();
        if (defined.test(v)) {
            return v;
        }
        String lower = v.toLowerCase(Locale.ROOT);
        if (!defined.test(lower)) {
            return v;
        }
        findings.warning(rule, String.format(Locale.ROOT, "%s='%s' is read as '%s' (the values are lower case)",
                attribute, v, lower), r.line(), r.column());
        return lower;
    }

    /** A {@code hash} attribute; a digest in base64 instead of hex (§7) is read, with a finding. */
    private Digests hash(String value) {
        boolean[] base64 = new boolean[1];
        Digests d = Lexical.digests(value, () -> base64[0] = true);
        if (base64[0]) {
            findings.warning("rs:7/hash-hex", String.format(Locale.ROOT,
                    "hash='%s' holds a base64 digest; ResourceSync §7 asks for hex. Read as %s", value, d), r.line(),
                    r.column());
        }
        return d;
    }

    private Long length(String attribute, String value) {
        long v = Lexical.nonNegativeLong(value);
        if (v == Lexical.NOT_A_NUMBER) {
            findings.error("rs:7/length", String.format(Locale.ROOT,
                    "%s='%s' is not a non-negative integer (RFC 2616 §4.4); ignored", attribute, value), r.line(),
                    r.column());
            return null;
        }
        return v;
    }

    private Integer pri(String value) {
        long v = Lexical.nonNegativeLong(value);
        if (v == Lexical.NOT_A_NUMBER || v > Integer.MAX_VALUE) {
            findings.error("rs:7/ln-pri", String.format(Locale.ROOT,
                    "pri='%s' is not an integer (1-999999, ResourceSync §7); ignored", value), r.line(), r.column());
            return null;
        }
        return (int) v;
    }

    private String namespace() {
        String u = r.getNamespaceURI();
        return u == null ? "" : u;
    }
}
