package org.lexsync.engine.crawler;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Where a seed's own paging starts and what its variables are on one page: numbered result pages
 * ({@code pages.from}, {@code pages.from + 1}, …) or an open offset range ({@code begin=0,20,40…}: step {@code n}
 * of the cursor is {@code range.from + n × range.step}).
 */
final class SeedPaging {

    private SeedPaging() {
    }

    /** The cursor's page number of the seed's first page. */
    static int firstPage(SeedSpec seed) {
        return seed.pages() != null ? seed.pages().from() : 0;
    }

    /** {@code binding} with the page's own variables: {@code page}, and an open range's value. */
    static Map<String, String> binding(SeedSpec seed, Map<String, String> binding, int page) {
        Map<String, String> out = new LinkedHashMap<>(binding);
        out.put("page", Integer.toString(page));
        if (seed.range() != null && seed.range().open()) {
            out.put(seed.range().name(), Long.toString(seed.range().value(page)));
        }
        return out;
    }
}
