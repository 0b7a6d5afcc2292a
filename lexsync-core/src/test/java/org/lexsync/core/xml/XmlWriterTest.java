package org.lexsync.core.xml;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import javax.xml.namespace.QName;
import org.junit.jupiter.api.Test;

/**
 * {@link XmlWriter} writes the bytes the Woodstox writer it replaced wrote ({@link WoodstoxXmlWriter}, the old code
 * kept as the oracle): every character alone in an attribute and in text, and random documents of nested elements,
 * namespaces, attributes, text and captured foreign elements.
 */
class XmlWriterTest {
    private static final String[] PREFIXES = {"", "a", "lx", "xml", "dct"};
    private static final String[] NAMESPACES = {"urn:a", "https://lexsync.org/ns/provenance/1.0", "",
        "http://www.w3.org/2005/Atom", "urn:odd&\"<>'", "http://www.w3.org/XML/1998/namespace",
        "http://www.w3.org/2000/xmlns/"};

    private static final String[] LAST_FAILURE = new String[2];

    /** One writer step, applied to either writer. */
    private interface Step {
        void onNew(XmlWriter w);

        void onOld(WoodstoxXmlWriter w);
    }

    @Test
    void everyCharacterIsEscapedOrRefusedAsBefore() {
        for (int c = 0; c < 0x10000; c++) {
            String s = "x" + (char) c + "y";
            for (boolean attribute : new boolean[] {true, false}) {
                List<Step> steps = List.of(start("", "e", "urn:a"), attribute ? attribute("v", s) : text(s), end());
                compare(steps, "U+" + Integer.toHexString(c) + (attribute ? " in an attribute" : " in text"));
            }
        }
    }

    @Test
    void surrogatePairsAreWrittenAndBrokenOnesRefused() {
        for (String s : new String[] {"\uD83D\uDE00", "a\uD800", "\uDC00b", "\uD800\uD800", "\uDBFF\uDFFF"}) {
            compare(List.of(start("", "e", "urn:a"), attribute("v", s), text(s), end()), s);
        }
    }

    @Test
    void longTextEscapesGreaterThanWhereTheOldWriterDid() {
        for (int n = 0; n < 1100; n++) {
            String[] texts = {"a".repeat(n) + ">", "a".repeat(n) + "&>", "a".repeat(n) + "]>", "a".repeat(n) + "\t>",
                "x".repeat(n % 13) + ">>" + "a".repeat(n) + "\r>\u0085>\uD83D\uDE00>"};
            for (String t : texts) {
                compare(List.of(start("", "e", "urn:a"), text(t), attribute("v", t), end()), "length " + t.length());
                compare(List.of(start("", "e", "urn:a"), attribute("v", t), text(t), end()), "length " + t.length());
            }
        }
    }

    @Test
    void randomDocumentsAreTheSameBytes() {
        Random random = new Random(16);
        for (int doc = 0; doc < 3000; doc++) {
            compare(document(random), "document " + doc);
        }
    }

    @Test
    void anAttributeOutsideAStartTagIsRefused() {
        XmlWriter w = XmlWriter.open(new ByteArrayOutputStream());
        w.start("", "e", "urn:a").text("t");
        assertThatThrownBy(() -> w.attribute("a", "b")).isInstanceOf(XmlWriter.XmlWriteException.class);
    }

    @Test
    void aDocumentWithoutIndentationIsTheSameBytes() {
        List<Step> steps = List.of(start("", "feed", "urn:a"), namespace("", "urn:a"), start("", "entry", "urn:a"),
                text("a & b"), end(), start("", "empty", "urn:a"), end(), end());
        ByteArrayOutputStream fresh = new ByteArrayOutputStream();
        ByteArrayOutputStream old = new ByteArrayOutputStream();
        try (XmlWriter w = XmlWriter.open(fresh, false)) {
            w.startDocument();
            steps.forEach(s -> s.onNew(w));
        }
        try (WoodstoxXmlWriter w = WoodstoxXmlWriter.open(old, false)) {
            w.startDocument();
            steps.forEach(s -> s.onOld(w));
        }
        assertThat(fresh.toString(StandardCharsets.UTF_8)).isEqualTo(old.toString(StandardCharsets.UTF_8));
    }

    private static void compare(List<Step> steps, String what) {
        ByteArrayOutputStream fresh = new ByteArrayOutputStream();
        ByteArrayOutputStream old = new ByteArrayOutputStream();
        LAST_FAILURE[0] = null;
        LAST_FAILURE[1] = null;
        int failedNew = run(steps, fresh, true);
        int failedOld = run(steps, old, false);
        // a broken surrogate may be refused one step later by the old writer (its encoder held the first half)
        assertThat(failedNew >= 0).as("refused, " + what + " new: " + LAST_FAILURE[0] + ", old: " + LAST_FAILURE[1]).isEqualTo(failedOld >= 0);
        if (failedOld < 0) {
            assertThat(fresh.toByteArray()).as(what + ": " + old.toString(StandardCharsets.UTF_8))
                    .isEqualTo(old.toByteArray());
        }
    }

    /** Runs the steps and closes; the index of the step that threw (steps.size() for close), or -1. */
    private static int run(List<Step> steps, ByteArrayOutputStream out, boolean fresh) {
        int i = 0;
        try {
            if (fresh) {
                XmlWriter w = XmlWriter.open(out);
                w.startDocument();
                for (; i < steps.size(); i++) {
                    steps.get(i).onNew(w);
                }
                w.close();
            } else {
                WoodstoxXmlWriter w = WoodstoxXmlWriter.open(out);
                w.startDocument();
                for (; i < steps.size(); i++) {
                    steps.get(i).onOld(w);
                }
                w.close();
            }
            return -1;
        } catch (RuntimeException e) {
            LAST_FAILURE[fresh ? 0 : 1] = "step " + i + ": " + e.getMessage();
            return i;
        }
    }

    private static List<Step> document(Random r) {
        List<Step> steps = new ArrayList<>();
        steps.add(start("", "feed", "urn:a"));
        steps.add(namespace("", "urn:a"));
        int depth = 1;
        boolean open = true;
        int n = 3 + r.nextInt(25);
        for (int i = 0; i < n; i++) {
            int k = r.nextInt(10);
            if (k < 2) {
                steps.add(start(pick(r, PREFIXES), name(r), pick(r, NAMESPACES)));
                depth++;
                open = true;
            } else if (k < 4 && open) {
                steps.add(attribute(name(r), string(r)));
            } else if (k == 4 && open) {
                steps.add(namespace(pick(r, PREFIXES), pick(r, NAMESPACES)));
            } else if (k == 5 && open) {
                steps.add(namespacedAttribute(pick(r, PREFIXES), pick(r, NAMESPACES), name(r), string(r)));
            } else if (k == 6) {
                steps.add(text(string(r)));
                open = false;
            } else if (k == 7) {
                steps.add(foreign(element(r, 2)));
                open = false;
            } else if (depth > 1) {
                steps.add(end());
                depth--;
                open = false;
            }
        }
        return steps;
    }

    private static XmlElement element(Random r, int levels) {
        Map<QName, String> attributes = new HashMap<>();
        for (int i = r.nextInt(3); i > 0; i--) {
            String ns = pick(r, NAMESPACES);
            attributes.put(ns.isEmpty() ? new QName(name(r)) : new QName(ns, name(r), pick(r, PREFIXES)), string(r));
        }
        List<XmlElement> children = new ArrayList<>();
        for (int i = levels > 0 ? r.nextInt(3) : 0; i > 0; i--) {
            children.add(element(r, levels - 1));
        }
        String ns = pick(r, NAMESPACES);
        String prefix = pick(r, PREFIXES);
        return new XmlElement(new QName(ns, name(r), ns.isEmpty() ? "" : prefix), attributes,
                r.nextBoolean() ? string(r) : null, children);
    }

    private static String name(Random r) {
        return pick(r, new String[] {"id", "title", "link", "é", "x-y", "source", "seq"});
    }

    private static String string(Random r) {
        String pool = "aZ09 &<>\"'\t\n\r]]>é\u00a0\u0085\u007f\u2028\u4e2d\uFFFD\uD83D\uDE00/:?#%";
        StringBuilder b = new StringBuilder();
        int length = r.nextInt(4) == 0 ? r.nextInt(1200) : r.nextInt(16);
        for (int i = length; i > 0; i--) {
            if (r.nextInt(200) == 0) {
                b.append((char) r.nextInt(0x20));
            } else {
                b.append(pool.charAt(r.nextInt(pool.length())));
            }
        }
        return b.toString();
    }

    private static String pick(Random r, String[] values) {
        return values[r.nextInt(values.length)];
    }

    private static Step start(String prefix, String name, String ns) {
        return new Step() {
            public void onNew(XmlWriter w) {
                w.start(prefix, name, ns);
            }

            public void onOld(WoodstoxXmlWriter w) {
                w.start(prefix, name, ns);
            }
        };
    }

    private static Step namespace(String prefix, String uri) {
        return new Step() {
            public void onNew(XmlWriter w) {
                w.namespace(prefix, uri);
            }

            public void onOld(WoodstoxXmlWriter w) {
                w.namespace(prefix, uri);
            }
        };
    }

    private static Step attribute(String name, String value) {
        return new Step() {
            public void onNew(XmlWriter w) {
                w.attribute(name, value);
            }

            public void onOld(WoodstoxXmlWriter w) {
                w.attribute(name, value);
            }
        };
    }

    private static Step namespacedAttribute(String prefix, String ns, String name, String value) {
        return new Step() {
            public void onNew(XmlWriter w) {
                w.attribute(prefix, ns, name, value);
            }

            public void onOld(WoodstoxXmlWriter w) {
                w.attribute(prefix, ns, name, value);
            }
        };
    }

    private static Step text(String text) {
        return new Step() {
            public void onNew(XmlWriter w) {
                w.text(text);
            }

            public void onOld(WoodstoxXmlWriter w) {
                w.text(text);
            }
        };
    }

    private static Step foreign(XmlElement e) {
        return new Step() {
            public void onNew(XmlWriter w) {
                w.element(e);
            }

            public void onOld(WoodstoxXmlWriter w) {
                w.element(e);
            }
        };
    }

    private static Step end() {
        return new Step() {
            public void onNew(XmlWriter w) {
                w.end();
            }

            public void onOld(WoodstoxXmlWriter w) {
                w.end();
            }
        };
    }
}
