package org.lexsync.server;

import org.eclipse.jetty.http.HttpField;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.PreEncodedHttpField;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * The headers that keep the browser from trusting what it should not (docs/api.md, "Security headers"; issue 28):
 * every answer gets {@code X-Content-Type-Options: nosniff}, {@code Referrer-Policy: no-referrer} and the strict
 * policy of the dashboard and API ({@link #STRICT}: no inline script or style, nothing from elsewhere, never framed).
 * A handler that answers with bytes we did not write replaces the policy with {@link #SANDBOX} by
 * {@link #sandbox(HttpFields.Mutable)}. Outermost of the server's Jetty handlers, so it sees every request.
 */
public final class SecurityHeaders extends Handler.Wrapper {
    /** The dashboard's and the API's policy: scripts, styles and fetches from our own origin only. */
    public static final String STRICT = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
            + "connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";
    /**
     * A page we write with inline styles but no script (the checker's HTML report, also written as a file by
     * {@code lexsync check --format html}): styles only, nothing runs, nothing loads, never framed.
     */
    public static final String REPORT = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; "
            + "base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
    /** Bytes we did not write: an opaque origin that can run nothing and load nothing. */
    public static final String SANDBOX = "sandbox; default-src 'none'";

    private static final HttpField NOSNIFF = new PreEncodedHttpField("X-Content-Type-Options", "nosniff");
    private static final HttpField NO_REFERRER = new PreEncodedHttpField("Referrer-Policy", "no-referrer");
    private static final HttpField STRICT_CSP = new PreEncodedHttpField("Content-Security-Policy", STRICT);
    private static final HttpField SANDBOX_CSP = new PreEncodedHttpField("Content-Security-Policy", SANDBOX);

    SecurityHeaders() {
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) throws Exception {
        strict(response.getHeaders());
        return super.handle(request, response, callback);
    }

    /** Puts the dashboard's headers on {@code out} (also after a handler reset the response). */
    public static void strict(HttpFields.Mutable out) {
        out.put(NOSNIFF);
        out.put(NO_REFERRER);
        out.put(STRICT_CSP);
    }

    /** Puts the headers of bytes we did not write on {@code out}: the sandbox policy, nosniff, no referrer. */
    public static void sandbox(HttpFields.Mutable out) {
        out.put(NOSNIFF);
        out.put(NO_REFERRER);
        out.put(SANDBOX_CSP);
        out.remove(HttpHeader.SET_COOKIE);
    }
}
