package org.lexsync.engine.crawler;

import java.net.URI;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import org.jsoup.nodes.Element;

/**
 * Reads one {@link FieldSpec} under a root element (a detail page, a listing row) and says where the value came from
 * (which selector, which heading), so that the preview can show it and a missing required field can name what
 * matched nothing. The order: context element, selectors (first that gives a value, or all joined), attribute,
 * regular expression, transforms, date formats; a template is expanded from the fields read before it.
 */
final class FieldReader {
    private static final Pattern VARIABLE = Pattern.compile("\\{([A-Za-z0-9_-]+)}");
    private static final Set<String> HEADINGS = Set.of("h1", "h2", "h3", "h4", "h5", "h6");

    private FieldReader() {
    }

    /** A field's value and where it came from; or, with a null value, why there is none. */
    record Read(@Nullable String value, String via, String problem) {
        boolean found() {
            return value != null;
        }
    }

    /** Reads {@code f} under {@code root} of the page at {@code url}; {@code known} holds the fields read before. */
    static Read read(URI url, Element root, FieldSpec f, Map<String, String> known) {
        if (f.template() != null) {
            return template(url, f, known);
        }
        Element base = root;
        String where = "";
        if (f.context() != null) {
            base = context(root, f.context());
            if (base == null) {
                return new Read(null, f.context().toString(), "no element found (" + f.context() + ")");
            }
            where = f.context() + " > ";
            if (f.selectors().isEmpty()) {
                return finish(f, base.text(), where + "text", "");
            }
        }
        String problem = "none of its selectors matched (" + f.selectors() + ")";
        List<String> joined = new ArrayList<>();
        List<String> vias = new ArrayList<>();
        for (SelectorSpec s : f.selectors()) {
            for (Element e : s.select(base)) {
                String raw = raw(e, f.attribute());
                if (raw.isEmpty()) {
                    continue;
                }
                if (f.join() != null) {
                    joined.add(raw);
                    if (!vias.contains(s.toString())) {
                        vias.add(s.toString());
                    }
                    continue;
                }
                Read r = finish(f, raw, where + s, problem);
                if (r.found()) {
                    return r;
                }
                problem = r.problem();
            }
        }
        if (f.join() != null && !joined.isEmpty()) {
            return finish(f, String.join(f.join(), joined), where + String.join(" + ", vias), problem);
        }
        return new Read(null, where + f.selectors(), problem);
    }

    private static String raw(Element e, @Nullable String attribute) {
        if (attribute == null) {
            return e.text().strip();
        }
        if (attribute.equals("href") || attribute.equals("src")) {
            URI u = Links.absolute(e, attribute);
            return u == null ? "" : u.toString();
        }
        return e.attr(attribute).strip();
    }

    /** The regular expression, the transforms and the date formats applied to {@code raw}. */
    private static Read finish(FieldSpec f, String raw, String via, String problem) {
        String v = raw;
        if (f.regex() != null) {
            Matcher m = f.regex().matcher(v);
            if (!m.find()) {
                return new Read(null, via, "'" + v + "' does not match " + f.regex().pattern());
            }
            v = m.groupCount() >= 1 && m.group(1) != null ? m.group(1) : m.group();
        }
        v = ValueTransform.applyAll(f.transforms(), v);
        if (f.dates() != null) {
            Optional<LocalDate> d = f.dates().parse(v);
            if (d.isEmpty()) {
                return new Read(null, via, "'" + v + "' is not a date in the configured format (" + f.dates() + ")");
            }
            v = d.get().toString();
        }
        if (v.isEmpty()) {
            return new Read(null, via, problem);
        }
        return new Read(v, via, "");
    }

    private static Read template(URI url, FieldSpec f, Map<String, String> known) {
        Matcher m = VARIABLE.matcher(f.template());
        StringBuilder b = new StringBuilder();
        while (m.find()) {
            String name = m.group(1);
            String v = known.get(name);
            if (v == null && name.equals("base")) {
                v = url.getScheme() + "://" + url.getRawAuthority();
            }
            if (v == null) {
                return new Read(null, "template " + f.template(), "the template needs field '" + name
                        + "', which has no value");
            }
            m.appendReplacement(b, Matcher.quoteReplacement(v));
        }
        m.appendTail(b);
        return finish(f, b.toString(), "template " + f.template(), "");
    }

    /** The element {@code c} names around or before {@code root}, or null. */
    static @Nullable Element context(Element root, FieldSpec.Context c) {
        Predicate<Element> wanted = switch (c.kind()) {
            case PRECEDING_HEADING -> e -> HEADINGS.contains(e.normalName());
            case PRECEDING, CLOSEST -> matcher(root, c.selector());
        };
        if (c.kind() == FieldSpec.Context.Kind.CLOSEST) {
            for (Element p = root.parent(); p != null; p = p.parent()) {
                if (wanted.test(p)) {
                    return p;
                }
            }
            return null;
        }
        // backwards in document order, ancestors excluded: earlier siblings' subtrees, last first, then the parent's
        for (Element e = root; e != null; e = e.parent()) {
            for (Element s = e.previousElementSibling(); s != null; s = s.previousElementSibling()) {
                Element hit = lastIn(s, wanted);
                if (hit != null) {
                    return hit;
                }
            }
        }
        return null;
    }

    /** The last element of {@code s}'s subtree in document order that {@code wanted} accepts, or null. */
    private static @Nullable Element lastIn(Element s, Predicate<Element> wanted) {
        for (int i = s.childrenSize() - 1; i >= 0; i--) {
            Element hit = lastIn(s.child(i), wanted);
            if (hit != null) {
                return hit;
            }
        }
        return wanted.test(s) ? s : null;
    }

    private static Predicate<Element> matcher(Element root, @Nullable SelectorSpec s) {
        Element doc = root.ownerDocument() != null ? root.ownerDocument() : root.root();
        Set<Element> hits = Collections.newSetFromMap(new IdentityHashMap<>());
        hits.addAll(s.select(doc));
        return hits::contains;
    }
}
