package org.lexsync.engine.crawler;

import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The rows of a listing page as the {@code listing:} key of a generic crawler describes them (docs/crawlers.md,
 * "Fields from the listing row"): what one row is, the fields read from it (selectors relative to the row), the
 * link of its document or detail page ({@code link}: a field, e.g. a template; else the listing's item selector
 * inside the row), how row and detail fields merge, and the share of rows that may lack a required field before the
 * run fails (0: none may).
 *
 * @param documents true when the row links the document itself (no detail step configured): each row is a group
 */
public record RowSpec(SelectorSpec row, Map<String, FieldSpec> fields, @Nullable FieldSpec link, Merge merge,
                      double maxMissing, boolean documents) {

    /** Which value wins when a row and its detail page both give a field. */
    public enum Merge {
        DETAIL_WINS("detail-wins"), ROW_WINS("row-wins");

        private final String token;

        Merge(String token) {
            this.token = token;
        }

        public String token() {
            return token;
        }
    }

    public RowSpec {
        Objects.requireNonNull(row, "row");
        Objects.requireNonNull(merge, "merge");
        fields = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(fields));
        if (!(maxMissing >= 0 && maxMissing < 1)) {
            throw new IllegalArgumentException("max-missing must be a share from 0 to below 1, was " + maxMissing);
        }
    }
}
