package org.lexsync.core.atom;

import java.io.OutputStream;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import javax.xml.XMLConstants;
import javax.xml.namespace.QName;
import org.lexsync.core.checksum.Digests;
import org.lexsync.core.xml.XmlElement;
import org.lexsync.core.xml.XmlWriter;

/**
 * Streaming writer of Atom feed documents (RFC 4287) with RFC 5005 markers, RFC 6721 tombstones and Link
 * Extensions attributes: the header is written on {@link #open}, then one item per {@link #write}, so
 * feeds of any size stream out. Dates are written in their canonical RFC 3339 form. What the model keeps
 * (foreign elements and attributes, {@code le:md5}) is written back, so a document read and written again
 * reads back equal. Items are written in the order given (rinfo §4.2 puts tombstones before entries; the
 * caller decides).
 */
public final class AtomWriter implements AutoCloseable {
    private final XmlWriter out;

    private AtomWriter(XmlWriter out) {
        this.out = out;
    }

    /** Starts a feed document on {@code stream} (left open on {@link #close()}) and writes the header. */
    public static AtomWriter open(OutputStream stream, AtomFeed header) {
        XmlWriter out = XmlWriter.open(stream);
        AtomWriter w = new AtomWriter(out);
        out.startDocument();
        out.start("", "feed", AtomNs.ATOM).namespace("", AtomNs.ATOM);
        if (header.complete() || header.archive()) {
            out.namespace("fh", AtomNs.FH);
        }
        out.attribute("xml", XMLConstants.XML_NS_URI, "lang", header.lang());
        out.element("", "id", AtomNs.ATOM, header.id());
        w.text("title", header.title());
        w.text("subtitle", header.subtitle());
        w.date("updated", header.updated());
        for (Person p : header.authors()) {
            w.person("", "author", AtomNs.ATOM, p);
        }
        for (Link l : header.links().all()) {
            w.link(l);
        }
        if (header.complete()) {
            out.start("fh", "complete", AtomNs.FH).end();
        }
        if (header.archive()) {
            out.start("fh", "archive", AtomNs.FH).end();
        }
        for (XmlElement e : header.foreign()) {
            out.element(e);
        }
        return w;
    }

    /** Writes one entry or tombstone. */
    public AtomWriter write(FeedItem item) {
        switch (item) {
            case Entry e -> entry(e);
            case DeletedEntry d -> deleted(d);
        }
        return this;
    }

    /** Ends the document and flushes; the stream stays open. */
    @Override
    public void close() {
        out.close();
    }

    private void entry(Entry e) {
        out.start("", "entry", AtomNs.ATOM);
        out.element("", "id", AtomNs.ATOM, e.id());
        text("title", e.title());
        date("updated", e.updated());
        date("published", e.published());
        for (Person p : e.authors()) {
            person("", "author", AtomNs.ATOM, p);
        }
        text("summary", e.summary());
        if (e.content() != null) {
            content(e.content());
        }
        for (Link l : e.links().all()) {
            link(l);
        }
        for (Category c : e.categories()) {
            out.start("", "category", AtomNs.ATOM).attribute("term", c.term()).attribute("scheme", c.scheme())
                    .attribute("label", c.label()).end();
        }
        for (XmlElement x : e.foreign()) {
            out.element(x);
        }
        out.end();
    }

    private void deleted(DeletedEntry d) {
        out.start("at", "deleted-entry", AtomNs.AT).namespace("at", AtomNs.AT);
        out.attribute("ref", d.ref());
        out.attribute("when", d.when() == null ? null : d.when().canonical());
        if (d.by() != null) {
            person("at", "by", AtomNs.AT, d.by());
        }
        out.element("at", "comment", AtomNs.AT, d.comment());
        for (XmlElement x : d.foreign()) {
            out.element(x);
        }
        out.end();
    }

    private void text(String name, AtomText t) {
        if (t == null) {
            return;
        }
        out.start("", name, AtomNs.ATOM).attribute("type", t.type());
        if ("xhtml".equals(t.type())) {
            out.start("", "div", AtomNs.XHTML).namespace("", AtomNs.XHTML).text(t.text()).end();
        } else {
            out.text(t.text());
        }
        out.end();
    }

    private void date(String name, AtomDate d) {
        if (d != null) {
            out.element("", name, AtomNs.ATOM, d.canonical());
        }
    }

    private void person(String prefix, String name, String ns, Person p) {
        out.start(prefix, name, ns);
        out.element("", "name", AtomNs.ATOM, p.name());
        out.element("", "email", AtomNs.ATOM, p.email());
        out.element("", "uri", AtomNs.ATOM, p.uri());
        out.end();
    }

    private void link(Link l) {
        out.start("", "link", AtomNs.ATOM);
        if (l.leMd5() != null) {
            out.namespace("le", AtomNs.LE);
        }
        declare(l.attributes());
        out.attribute("rel", l.rel()).attribute("href", l.href()).attribute("type", l.type())
                .attribute("hreflang", l.hreflang()).attribute("title", l.title()).attribute("length", l.length())
                .attribute("hash", nonEmpty(l.hash())).attribute("modified",
                        l.modified() == null ? null : l.modified().canonical());
        out.attribute("le", AtomNs.LE, "md5", l.leMd5());
        attributes(l.attributes());
        out.end();
    }

    private void content(Content c) {
        out.start("", "content", AtomNs.ATOM);
        if (c.leMd5() != null) {
            out.namespace("le", AtomNs.LE);
        }
        declare(c.attributes());
        out.attribute("type", c.type()).attribute("src", c.src()).attribute("hash", nonEmpty(c.hash()));
        out.attribute("le", AtomNs.LE, "md5", c.leMd5());
        attributes(c.attributes());
        if (c.src() == null) {
            out.text(c.text());
            for (XmlElement x : c.elements()) {
                out.element(x);
            }
        }
        out.end();
    }

    /** Declares the namespaces of foreign attributes on the element just opened. */
    private void declare(Map<QName, String> attributes) {
        if (attributes.isEmpty()) {
            return;
        }
        Set<String> declared = new HashSet<>(2);
        for (QName n : attributes.keySet()) {
            String ns = n.getNamespaceURI();
            if (!ns.isEmpty() && !AtomNs.LE.equals(ns) && declared.add(ns)) {
                out.namespace(prefix(n), ns);
            }
        }
    }

    private void attributes(Map<QName, String> attributes) {
        for (Map.Entry<QName, String> a : attributes.entrySet()) {
            QName n = a.getKey();
            if (n.getNamespaceURI().isEmpty()) {
                out.attribute(n.getLocalPart(), a.getValue());
            } else {
                out.attribute(prefix(n), n.getNamespaceURI(), n.getLocalPart(), a.getValue());
            }
        }
    }

    /** The prefix as read, "dct" for Dublin Core, else one derived from the namespace (stable per namespace). */
    private static String prefix(QName n) {
        if (AtomNs.DCT.equals(n.getNamespaceURI())) {
            return "dct";
        }
        String p = n.getPrefix();
        if (p.isEmpty() || p.equals("le") || p.startsWith("xml")) {
            return "ns" + Integer.toHexString(n.getNamespaceURI().hashCode());
        }
        return p;
    }

    private static String nonEmpty(Digests d) {
        return d.isEmpty() ? null : d.toString();
    }
}
