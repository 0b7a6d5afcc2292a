package org.lexsync.engine.crawler;

import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import org.jsoup.nodes.Element;

/**
 * Reads an ASP.NET-style pager: a "next" link whose script ({@code javascript:__doPostBack('ctl00$grid','Page$2')},
 * or {@code WebForms_PostBackOptions("…", "…")}) names the event target and argument. The next page is then the
 * page's form posted back with {@code __EVENTTARGET} and {@code __EVENTARGUMENT} set and every other field — the
 * hidden {@code __VIEWSTATE}, {@code __EVENTVALIDATION}, {@code __VIEWSTATEGENERATOR} — echoed, as
 * {@link CrawlSession#fill} fills it.
 */
final class PostbackPager {
    private static final Pattern DO_POSTBACK =
            Pattern.compile("__doPostBack\\(\\s*['\"]([^'\"]*)['\"]\\s*,\\s*['\"]([^'\"]*)['\"]\\s*\\)");
    private static final Pattern OPTIONS =
            Pattern.compile("WebForms_PostBackOptions\\(\\s*['\"]([^'\"]*)['\"]\\s*,\\s*['\"]([^'\"]*)['\"]");
    /** The form of an ASP.NET page: the one holding its view state. */
    static final String STATE_FORM = "form:has(input[name=__VIEWSTATE])";

    private PostbackPager() {
    }

    /**
     * The post-back of the first element {@code next} matches on {@code page} that scripts one (its {@code href} or
     * {@code onclick}, or those of a link inside it), filled from {@code form} (CSS; null: the form holding
     * {@code __VIEWSTATE}, else the first form); null when none does.
     *
     * @throws PageUnavailableException when a link posts back but the page has no such form
     */
    static @Nullable Postback next(CrawlSession session, Page page, SelectorSpec next, @Nullable String form) {
        for (Element e : next.select(page.document())) {
            String[] event = event(e);
            if (event == null && e.selectFirst("a") != null) {
                event = event(e.selectFirst("a"));
            }
            if (event == null) {
                continue;
            }
            String selector = form != null ? form
                    : page.document().selectFirst(STATE_FORM) != null ? STATE_FORM : "form";
            if (page.document().selectFirst(selector) == null) {
                throw new PageUnavailableException(page.url(), 0, "form-missing", "the pager link " + next
                        + " posts back, but the page has no form " + selector);
            }
            CrawlSession.Submission s = session.fill(page, selector,
                    Map.of("__EVENTTARGET", event[0], "__EVENTARGUMENT", event[1]));
            return new Postback(s.action(), s.body().fields(), s.body().charset());
        }
        return null;
    }

    /** The event target and argument {@code e}'s script posts back, or null. */
    static String @Nullable [] event(Element e) {
        for (String attr : new String[] {"href", "onclick"}) {
            String script = e.attr(attr);
            for (Pattern p : new Pattern[] {DO_POSTBACK, OPTIONS}) {
                Matcher m = p.matcher(script);
                if (m.find()) {
                    return new String[] {m.group(1), m.group(2)};
                }
            }
        }
        return null;
    }
}
