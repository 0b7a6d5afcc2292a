package org.lexsync.server.dashboard;

/**
 * A small inline SVG bar chart drawn on the server (no script needed): a source's changes per hour or its recent runs'
 * durations on the overview. Each bar carries its value in a {@code <title>} (shown on hover, read by screen readers),
 * and the whole chart a text alternative, so the numbers are there without the picture.
 */
final class Sparkline {
    static final int WIDTH = 80;
    static final int HEIGHT = 20;
    /** The chart's size is its CSS ({@code svg.spark}, 80 × 20 px), not attributes repeated 2,000 times. */
    private static final String OPEN = "\" viewBox=\"0 0 " + WIDTH + " " + HEIGHT + "\"><title>";

    private Sparkline() {
    }

    /**
     * Bars of {@code values} scaled to the largest over a base line, with {@code label} as the chart's accessible
     * name, {@code titles} (null: none, and no bar for a zero) as each bar's tip and {@code classes} (null, or one per
     * bar, null for none) as each bar's CSS class.
     */
    static void bars(Html h, String cssClass, String label, long[] values, String[] titles, String[] classes) {
        long max = 1;
        for (long v : values) {
            max = Math.max(max, v);
        }
        // no xmlns (the HTML parser puts an inline svg in its namespace), the base line is the chart's CSS border:
        // a page of 1,000 sources carries 2,000 of these charts
        h.raw("<svg role=\"img\" class=\"spark ").raw(cssClass).raw(OPEN).text(label).raw("</title>");
        double bar = values.length == 0 ? WIDTH : (double) WIDTH / values.length;
        double barWidth = Math.max(1, bar - 1);
        for (int i = 0; i < values.length; i++) {
            if (values[i] == 0 && titles == null) {
                continue; // nothing to draw, nothing to tell: a page of 1,000 sources stays small
            }
            double tall = values[i] == 0 ? 0.5 : Math.max(1.5, (double) values[i] * (HEIGHT - 1) / max);
            h.raw("<rect x=\"").decimal(i * bar + 0.5).raw("\" y=\"").decimal(HEIGHT - tall).raw("\" width=\"")
                    .decimal(barWidth).raw("\" height=\"").decimal(tall).raw("\"");
            if (classes != null && classes[i] != null) {
                h.raw(" class=\"").raw(classes[i]).raw("\"");
            }
            if (titles == null) {
                h.raw("/>");
            } else {
                h.raw("><title>").text(titles[i]).raw("</title></rect>");
            }
        }
        h.raw("</svg>");
    }

    /** One decimal without {@code String.format}: a page of 1,000 sources writes some 30,000 of these. */
    static String fmt(double v) {
        return new Html(8).decimal(v).toString();
    }
}
