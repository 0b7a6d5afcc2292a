package org.lexsync.server.dashboard;

/**
 * The frame of every dashboard page: title, navigation, the token box for the buttons, and the links to the style
 * sheet and the script served from {@code /static/} ({@link StaticAssets}; auto-refresh every 15 s unless switched
 * off, and the run-now/pause/resume buttons posting to {@code /api/sources/{id}/run|pause|resume} with
 * {@code Authorization: Bearer} and the token kept in sessionStorage). Nothing inline, so the pages run under the
 * server's strict CSP; nothing is loaded from elsewhere. With reads closed, {@link #login} is the page a browser
 * gets first: the script asks for the page again with the token typed there and shows the answer.
 */
final class Layout {
    static final String[][] NAV = {
            {"/", "Sources"}, {"/failures", "Failures"}, {"/findings", "Findings"}, {"/documents", "Documents"}, {"/hosts", "Hosts"}, {"/nodes", "Nodes"}, {"/store", "Store"}, {"/uploads", "Uploads"}, {"/checks", "Checks"}};

    private Layout() {
    }

    /** {@code page} (made by {@link #page}) with {@code notice} at the top of its main part, above the page's own. */
    static String withNotice(String page, Html notice) {
        String n = notice.toString();
        int main = page.indexOf("<main>");
        return n.isEmpty() || main < 0 ? page : page.substring(0, main + 6) + n + page.substring(main + 6);
    }

    /** The whole document around {@code body}; {@code here} is the navigation entry to highlight. */
    static String page(String title, String here, Html body) {
        Html h = new Html(body.length() + 2048);
        h.raw("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">")
                .raw("<meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">")
                .raw("<title>").text(title).raw(" · LexSync</title>");
        head(h);
        h.raw("</head><body>")
                .raw("<header><span class=\"brand\">LexSync</span>");
        for (String[] nav : NAV) {
            h.raw("<a").attr("href", nav[0]).raw(nav[0].equals(here) ? " class=\"here\"" : "").raw(">")
                    .text(nav[1]).raw("</a>");
        }
        h.raw("<span class=\"tools\"><label>token <input id=\"token\" type=\"password\" size=\"16\"")
                .raw(" autocomplete=\"off\" placeholder=\"for the buttons\"></label>")
                .raw("<label><input id=\"auto\" type=\"checkbox\"> auto-refresh</label>")
                .raw("<span id=\"action-status\" role=\"status\"></span></span></header><main>")
                .append(body)
                .raw("</main></body></html>");
        return h.toString();
    }

    private static void head(Html h) {
        h.raw("<link rel=\"stylesheet\"").attr("href", StaticAssets.STYLE.url()).raw(">")
                .raw("<script defer").attr("src", StaticAssets.SCRIPT.url()).raw("></script>");
    }

    /**
     * The sign-in page a browser gets when reads need a token ({@code server.open-reads: false}): the token typed
     * here is kept in the tab's sessionStorage and sent by the script as {@code Authorization: Bearer}.
     */
    static String login() {
        Html h = new Html();
        h.raw("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">")
                .raw("<meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">")
                .raw("<title>Sign in · LexSync</title>");
        head(h);
        h.raw("</head><body><header><span class=\"brand\">LexSync</span></header><main><h1>Sign in</h1>")
                .raw("<p>Reading this server needs a token (server.tokens in lexsync.yaml). It is kept in this tab only")
                .raw(" and sent with each request; closing the tab forgets it.</p>")
                .raw("<form id=\"login\"><label>token <input id=\"login-token\" type=\"password\" size=\"32\"")
                .raw(" autocomplete=\"off\" required></label><button type=\"submit\">show the dashboard</button>")
                .raw("<span id=\"login-status\" role=\"status\"></span></form></main></body></html>");
        return h.toString();
    }
}
