package org.lexsync.engine.crawler;

import org.jspecify.annotations.Nullable;

/**
 * How a generic crawler's listing pages end and go on beyond a plain "next" link: {@code stopWhen}, a selector that
 * marks the page after the last one ({@code .no-results}: the page ends its seed's paging and is not an empty
 * listing), and {@code postbackForm}, the CSS selector of the form an ASP.NET-style "next" post-back submits (null:
 * the form holding {@code __VIEWSTATE}, else the page's first form; see {@link PostbackPager}).
 */
public record PagingSpec(@Nullable SelectorSpec stopWhen, @Nullable String postbackForm) {
    /** No stop marker, the default post-back form. */
    public static final PagingSpec DEFAULT = new PagingSpec(null, null);

    public PagingSpec {
        if (postbackForm != null) {
            SelectorSpec.css(postbackForm); // checked when made
        }
    }
}
