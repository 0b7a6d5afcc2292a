package org.lexsync.engine.eli;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * Escapes the bare {@code &} that publishers write into Sitemap URLs ({@code ?a=1&b=2}), which makes the
 * document malformed XML (XML 1.0 §2.4; sitemaps.org "Entity escaping" asks for {@code &amp;}): an
 * {@code &} that does not start a character reference or one of the five predefined entity references is
 * passed on as {@code &amp;}. Used only to read a document again after the parser stopped at such an
 * ampersand, so the well-formed path never pays for it. Works on bytes: every encoding XML allows for a
 * Sitemap (UTF-8, ISO-8859-1, windows-1252) writes these ASCII characters as single bytes.
 */
final class AmpersandRepair extends FilterInputStream {
    /** Longest reference looked at: {@code &#x10FFFF;} and {@code &quot;} fit. */
    private static final int MAX_REFERENCE = 10;
    private static final byte[] AMP = {'a', 'm', 'p', ';'};

    private final byte[] pending = new byte[MAX_REFERENCE + AMP.length];
    private int pendingStart;
    private int pendingEnd;
    private final byte[] look = new byte[MAX_REFERENCE];
    private int carry = -1;
    private long repairs;

    AmpersandRepair(InputStream in) {
        super(in);
    }

    @Override
    public int read() throws IOException {
        if (pendingStart < pendingEnd) {
            return pending[pendingStart++] & 0xff;
        }
        int b = next();
        if (b != '&') {
            return b;
        }
        pendingStart = 0;
        pendingEnd = 0;
        int n = 0;
        while (n < MAX_REFERENCE) {
            int c = next();
            if (c < 0) {
                break;
            }
            if (c != ';' && !referenceChar(c)) {
                carry = c; // looked at again by the next read (it may be another '&')
                break;
            }
            look[n++] = (byte) c;
            if (c == ';') {
                break;
            }
        }
        if (!reference(look, n)) {
            repairs++;
            System.arraycopy(AMP, 0, pending, 0, AMP.length);
            pendingEnd = AMP.length;
        }
        System.arraycopy(look, 0, pending, pendingEnd, n);
        pendingEnd += n;
        return '&';
    }

    /** Bare ampersands escaped so far. */
    long repairs() {
        return repairs;
    }

    private int next() throws IOException {
        if (carry >= 0) {
            int c = carry;
            carry = -1;
            return c;
        }
        return in.read();
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (len == 0) {
            return 0;
        }
        int i = 0;
        while (i < len) {
            int c = read();
            if (c < 0) {
                return i == 0 ? -1 : i;
            }
            b[off + i++] = (byte) c;
        }
        return i;
    }

    @Override
    public long skip(long n) throws IOException {
        long k = 0;
        while (k < n && read() >= 0) {
            k++;
        }
        return k;
    }

    @Override
    public boolean markSupported() {
        return false;
    }

    private static boolean referenceChar(int c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '#';
    }

    /** True when {@code look[0..n)} completes a reference the parser accepts: {@code #123;}, {@code #x1F;}, predefined. */
    private static boolean reference(byte[] look, int n) {
        if (n < 2 || look[n - 1] != ';') {
            return false;
        }
        String name = new String(look, 0, n - 1, java.nio.charset.StandardCharsets.US_ASCII);
        if (name.startsWith("#x") || name.startsWith("#X")) {
            return name.length() > 2 && name.substring(2).chars().allMatch(c -> Character.digit(c, 16) >= 0);
        }
        if (name.startsWith("#")) {
            return name.length() > 1 && name.substring(1).chars().allMatch(c -> c >= '0' && c <= '9');
        }
        return name.equals("amp") || name.equals("lt") || name.equals("gt") || name.equals("quot")
                || name.equals("apos");
    }
}
