package org.lexsync.core.sitemap;

import java.io.OutputStream;
import java.math.BigDecimal;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import javax.xml.namespace.QName;
import org.lexsync.core.checksum.Digests;
import org.lexsync.core.xml.XmlElement;
import org.lexsync.core.xml.XmlWriter;

/**
 * Streaming writer of Sitemaps 0.9 and ResourceSync documents (sitemaps.org protocol; ResourceSync §7):
 * the header on {@link #open}, then one entry per {@link #write}. Holds no entries, so documents of any size
 * stream out. It writes what it is given; checking the result against the specs is
 * {@link SitemapValidator}'s job. The output stream is flushed but not closed by {@link #close()}.
 */
public final class SitemapWriter implements AutoCloseable {
    private static final String SM = SitemapNamespaces.SITEMAP;
    private static final String RS = SitemapNamespaces.RS;

    private final XmlWriter out;
    private final String entryName;
    /** Prefix to namespace bindings in scope on the root element. */
    private final Map<String, String> rootBindings = new HashMap<>();
    private long count;
    private int generated;

    private SitemapWriter(XmlWriter out, RootKind kind) {
        this.out = out;
        this.entryName = kind.entryName();
    }

    /** Starts a document on {@code stream} and writes the header (root, rs:md, rs:ln, foreign elements). */
    public static SitemapWriter open(OutputStream stream, SitemapHeader header) {
        SitemapWriter w = new SitemapWriter(XmlWriter.open(stream), header.kind());
        w.writeHeader(header);
        return w;
    }

    private void writeHeader(SitemapHeader h) {
        out.startDocument();
        out.start("", h.kind().rootName(), SM);
        bindOnRoot("", SM);
        if (h.isResourceSync() || h.namespaces().containsValue(RS)) {
            bindOnRoot("rs", RS);
        }
        for (Map.Entry<String, String> n : h.namespaces().entrySet()) {
            if (!n.getKey().isEmpty() && !rootBindings.containsKey(n.getKey())) {
                bindOnRoot(n.getKey(), n.getValue());
            }
        }
        for (Map.Entry<QName, String> a : h.attributes().entrySet()) {
            QName name = a.getKey();
            if (name.getNamespaceURI().isEmpty()) {
                out.attribute(name.getLocalPart(), a.getValue());
            } else {
                String prefix = rootPrefixFor(name);
                out.attribute(prefix, name.getNamespaceURI(), name.getLocalPart(), a.getValue());
            }
        }
        if (h.md() != null) {
            writeMd(h.md());
        }
        for (RsLink l : h.links()) {
            writeLink(l);
        }
        for (XmlElement e : h.foreign()) {
            out.element(e);
        }
    }

    /** Writes one entry ({@code <url>} or {@code <sitemap>}, by the header's root kind). */
    public SitemapWriter write(SitemapEntry e) {
        out.start("", entryName, SM);
        out.element("", "loc", SM, e.loc());
        out.element("", "lastmod", SM, e.lastmod() != null ? e.lastmod().toString() : e.lastmodText());
        out.element("", "changefreq", SM, e.changefreq());
        if (e.priority() != null) {
            out.element("", "priority", SM, decimal(e.priority()));
        }
        if (e.md() != null) {
            writeMd(e.md());
        }
        for (RsLink l : e.links()) {
            writeLink(l);
        }
        for (XmlElement f : e.foreign()) {
            out.element(f);
        }
        out.end();
        count++;
        return this;
    }

    /** Entries written so far. */
    public long count() {
        return count;
    }

    /** Ends the document and flushes the stream (which stays open). */
    @Override
    public void close() {
        out.close();
    }

    private void writeMd(RsMetadata md) {
        Set<String> local = startRs("md");
        out.attribute("capability", md.capability());
        out.attribute("change", md.change());
        out.attribute("at", md.at());
        out.attribute("completed", md.completed());
        out.attribute("from", md.from());
        out.attribute("until", md.until());
        out.attribute("datetime", md.datetime());
        out.attribute("hash", hash(md.hash()));
        out.attribute("length", md.length());
        out.attribute("type", md.type());
        out.attribute("path", md.path());
        out.attribute("encoding", md.encoding());
        out.attribute("modified", md.modified());
        otherAttributes(md.otherAttributes(), local);
        out.end();
    }

    private void writeLink(RsLink l) {
        Set<String> local = startRs("ln");
        out.attribute("rel", l.rel());
        out.attribute("href", l.href());
        out.attribute("pri", l.pri());
        out.attribute("type", l.type());
        out.attribute("length", l.length());
        out.attribute("hash", hash(l.hash()));
        out.attribute("modified", l.modified());
        out.attribute("path", l.path());
        out.attribute("encoding", l.encoding());
        otherAttributes(l.otherAttributes(), local);
        out.end();
    }

    /** Opens an rs: element, declaring the rs namespace on it when the root did not. */
    private Set<String> startRs(String localName) {
        out.start("rs", localName, RS);
        Set<String> local = new HashSet<>(2);
        if (!RS.equals(rootBindings.get("rs"))) {
            out.namespace("rs", RS);
            local.add("rs");
        }
        return local;
    }

    private void otherAttributes(Map<QName, String> attributes, Set<String> localPrefixes) {
        for (Map.Entry<QName, String> a : attributes.entrySet()) {
            QName name = a.getKey();
            String uri = name.getNamespaceURI();
            if (uri.isEmpty()) {
                out.attribute(name.getLocalPart(), a.getValue());
                continue;
            }
            String prefix = name.getPrefix().isEmpty() || name.getPrefix().equals("rs") ? "ns" : name.getPrefix();
            if (!uri.equals(rootBindings.get(prefix)) && !localPrefixes.contains(prefix)) {
                while (rootBindings.containsKey(prefix) || localPrefixes.contains(prefix)) {
                    prefix = "ns" + (++generated);
                }
                out.namespace(prefix, uri);
                localPrefixes.add(prefix);
            }
            out.attribute(prefix, uri, name.getLocalPart(), a.getValue());
        }
    }

    private void bindOnRoot(String prefix, String uri) {
        out.namespace(prefix, uri);
        rootBindings.put(prefix, uri);
    }

    /** A prefix bound on the root for a namespaced root attribute, declaring one when needed. */
    private String rootPrefixFor(QName name) {
        String uri = name.getNamespaceURI();
        String prefix = name.getPrefix();
        if (!prefix.isEmpty() && uri.equals(rootBindings.get(prefix))) {
            return prefix;
        }
        for (Map.Entry<String, String> b : rootBindings.entrySet()) {
            if (!b.getKey().isEmpty() && b.getValue().equals(uri)) {
                return b.getKey();
            }
        }
        String p = prefix.isEmpty() ? "ns" : prefix;
        while (rootBindings.containsKey(p)) {
            p = "ns" + (++generated);
        }
        bindOnRoot(p, uri);
        return p;
    }

    private static String hash(Digests d) {
        return d == null || d.isEmpty() ? null : d.toString();
    }

    private static String decimal(double value) {
        return BigDecimal.valueOf(value).toPlainString();
    }
}
