package org.lexsync.core.sitemap;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;

/**
 * Declares the ResourceSync namespace for a document that uses the {@code rs:} prefix without declaring it
 * (a namespace error, Namespaces in XML §5, that hand-written publishers make): when the first 64 KB hold an
 * {@code <rs:} element and no {@code xmlns:rs} declaration at all, {@code xmlns:rs="http://www.openarchives.org/rs/terms/"}
 * (ResourceSync §7) is added to the root start tag. Only ASCII-compatible encodings are repaired; any other
 * document passes through unchanged. Bounded: at most 64 KB are looked at ahead of the parser.
 */
final class RsPrefixRepair extends InputStream {
    private static final int HEAD = 64 << 10;
    private static final Pattern DECLARED = Pattern.compile("\\sxmlns:rs\\s*=");
    private static final byte[] DECLARATION = (" xmlns:rs=\"" + SitemapNamespaces.RS + "\"")
            .getBytes(StandardCharsets.US_ASCII);

    private final InputStream in;
    private byte[] head;
    private int pos;
    private boolean repaired;

    RsPrefixRepair(InputStream in) {
        this.in = in;
    }

    /** True once the declaration was added (known after the first read). */
    boolean repaired() {
        return repaired;
    }

    private void start() throws IOException {
        if (head == null) {
            head = patch(in.readNBytes(HEAD));
        }
    }

    @Override
    public int read() throws IOException {
        start();
        if (pos < head.length) {
            return head[pos++] & 0xFF;
        }
        return in.read();
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        start();
        if (len == 0) {
            return 0;
        }
        if (pos < head.length) {
            int n = Math.min(len, head.length - pos);
            System.arraycopy(head, pos, b, off, n);
            pos += n;
            return n;
        }
        return in.read(b, off, len);
    }

    @Override
    public void close() throws IOException {
        in.close();
    }

    private byte[] patch(byte[] b) {
        if (b.length < 4 || b[0] == 0 || b[1] == 0 || (b[0] & 0xFF) == 0xFE || (b[0] & 0xFF) == 0xFF) {
            return b; // UTF-16/32: left to the parser
        }
        String s = new String(b, StandardCharsets.ISO_8859_1);
        if (!s.contains("<rs:") || DECLARED.matcher(s).find()) {
            return b; // no rs: element, or the prefix is declared somewhere (e.g. on each rs: element)
        }
        int i = 0;
        while (true) {
            int lt = s.indexOf('<', i);
            if (lt < 0 || lt + 1 >= s.length()) {
                return b;
            }
            if (s.startsWith("<!--", lt)) {
                int end = s.indexOf("-->", lt + 4);
                if (end < 0) {
                    return b;
                }
                i = end + 3;
                continue;
            }
            char c = s.charAt(lt + 1);
            if (c == '?' || c == '!') {
                int end = s.indexOf('>', lt);
                if (end < 0) {
                    return b;
                }
                i = end + 1;
                continue;
            }
            int j = lt + 1;
            char quote = 0;
            for (; j < s.length(); j++) {
                char d = s.charAt(j);
                if (quote != 0) {
                    if (d == quote) {
                        quote = 0;
                    }
                } else if (d == '"' || d == '\'') {
                    quote = d;
                } else if (d == '>') {
                    break;
                }
            }
            if (j >= s.length()) {
                return b;
            }
            int at = s.charAt(j - 1) == '/' ? j - 1 : j;
            byte[] out = new byte[b.length + DECLARATION.length];
            System.arraycopy(b, 0, out, 0, at);
            System.arraycopy(DECLARATION, 0, out, at, DECLARATION.length);
            System.arraycopy(b, at, out, at + DECLARATION.length, b.length - at);
            repaired = true;
            return out;
        }
    }
}
