package org.lexsync.engine.crawler;

import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A portal's search form filled from configuration (EUCases D2.1 §1.3.3: crawlers "perform searches and download
 * the texts and metadata appearing in the search results"): which form of the seed's page ({@code form}, CSS; null:
 * the page's first form) and the values set over the form's own ({@code fields}, a select's value included, in
 * order). Values may hold the seed's variables ({@code {from}}, {@code {to}}, {@code {page}}, a range's
 * {@code {NAME}}), so a date window per run is two fields. The form is submitted as it says: POST, or GET with the
 * fields as the query.
 */
public record SearchFormSpec(@Nullable String form, Map<String, String> fields) {

    public SearchFormSpec {
        fields = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(fields));
        if (form != null) {
            SelectorSpec.css(form); // checked when made
        }
    }

    /** The CSS selector of the form to fill. */
    String formSelector() {
        return form == null ? "form" : form;
    }

    /** The field values with the seed's variables of this page put in (not encoded: the form body encodes). */
    Map<String, String> values(Map<String, String> binding) {
        Map<String, String> out = new LinkedHashMap<>();
        fields.forEach((k, v) -> {
            String s = v;
            for (Map.Entry<String, String> e : binding.entrySet()) {
                s = s.replace("{" + e.getKey() + "}", e.getValue());
            }
            out.put(k, s);
        });
        return out;
    }

    /**
     * Fills the form on {@code formPage} with {@code values} and submits it through {@code session} as its
     * {@code method} says.
     *
     * @throws PageUnavailableException when the page has no such form, or the result page cannot be had
     */
    Page submit(CrawlSession session, Page formPage, Map<String, String> values) {
        if (formPage.document().selectFirst(formSelector()) == null) {
            throw new PageUnavailableException(formPage.url(), 0, "form-missing", "the search page has no form "
                    + formSelector() + " (has the portal changed its HTML?)");
        }
        CrawlSession.Submission s = session.fill(formPage, formSelector(), values);
        org.jsoup.nodes.Element form = Objects.requireNonNull(formPage.document().selectFirst(formSelector()));
        if (!form.attr("method").toLowerCase(Locale.ROOT).equals("post")) {
            String query = new String(s.body().encoded(), java.nio.charset.StandardCharsets.US_ASCII);
            String base = s.action().toString();
            int q = base.indexOf('?');
            return session.get(URI.create((q < 0 ? base : base.substring(0, q)) + "?" + query));
        }
        return session.post(s.action(), s.body());
    }
}
