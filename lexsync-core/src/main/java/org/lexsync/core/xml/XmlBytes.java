package org.lexsync.core.xml;

import java.io.IOException;
import java.io.OutputStream;
import javax.xml.stream.XMLStreamException;

/**
 * The byte end of {@link XmlWriter}: a buffer over the output stream that encodes UTF-8 and escapes attribute values
 * and text the way the StAX writer LexSync used before (Woodstox 7, XML 1.0, non-repairing) did, so that every
 * document keeps its bytes. Attribute values: {@code & < "} as entities, tab, newline and carriage return as
 * character references; text: {@code & < >} as entities, carriage return and C1 controls (U+007F–U+009F) as
 * character references; in both, U+FFFE and U+FFFF as character references and the other C0 controls and broken
 * surrogate pairs refused. Names are written as given. ASCII takes one table look-up per character.
 */
final class XmlBytes {
    private static final byte PLAIN = 0;
    private static final byte ESCAPE = 1;
    /** Per ASCII character: PLAIN, or ESCAPE when an attribute value needs more than the byte. */
    private static final byte[] ATTRIBUTE = new byte[128];
    /** Per ASCII character: PLAIN, or ESCAPE when text needs more than the byte. */
    private static final byte[] TEXT = new byte[128];
    private static final byte[] HEX = "0123456789abcdef".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    static {
        for (int c = 0; c < 0x20; c++) {
            ATTRIBUTE[c] = ESCAPE;
            TEXT[c] = ESCAPE;
        }
        TEXT['\t'] = PLAIN;
        TEXT['\n'] = PLAIN;
        ATTRIBUTE['&'] = ESCAPE;
        ATTRIBUTE['<'] = ESCAPE;
        ATTRIBUTE['"'] = ESCAPE;
        TEXT['&'] = ESCAPE;
        TEXT['<'] = ESCAPE;
        TEXT['>'] = ESCAPE;
        TEXT[0x7f] = ESCAPE;
    }

    /** The old writer's copy buffer: text of 12 characters or more was escaped in blocks of this many. */
    private static final int COPY_BLOCK = 512;

    private final OutputStream out;
    private final byte[] buf = new byte[16 * 1024];
    private int pos;

    XmlBytes(OutputStream out) {
        this.out = out;
    }

    /** Writes {@code s} as UTF-8 without escaping (names, markup, indentation). */
    void raw(String s) throws XMLStreamException {
        int n = s.length();
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                put((byte) c);
            } else {
                i = encode(s, i, c);
            }
        }
    }

    /** Writes one ASCII character. */
    void ascii(char c) throws XMLStreamException {
        put((byte) c);
    }

    /** Writes pre-encoded bytes. */
    void bytes(byte[] b) throws XMLStreamException {
        if (b.length > buf.length - pos) {
            drain();
            if (b.length > buf.length) {
                write(b, b.length);
                return;
            }
        }
        System.arraycopy(b, 0, buf, pos, b.length);
        pos += b.length;
    }

    /** Writes an attribute value, escaped. */
    void attributeValue(String s) throws XMLStreamException {
        int n = s.length();
        int i = 0;
        while (i < n) {
            i = plainRun(s, i, n, ATTRIBUTE);
            if (i == n) {
                return;
            }
            char c = s.charAt(i);
            if (c < 0x80) {
                switch (c) {
                    case '&' -> raw("&amp;");
                    case '<' -> raw("&lt;");
                    case '"' -> raw("&quot;");
                    case '\t', '\n', '\r' -> reference(c);
                    default -> throw invalid(c);
                }
            } else if (c == 0xfffe || c == 0xffff) {
                reference(c);
            } else {
                i = encode(s, i, c);
            }
            i++;
        }
    }

    /**
     * Writes character data, escaped. {@code >} only where it could end a {@code ]]>} as the old writer judged it:
     * text shorter than 12 characters was scanned whole ({@code >} escaped first or after {@code ]}), longer text
     * in blocks of 512 characters, each scan restarting after every escaped character ({@code >} escaped at a
     * block's or scan's start or after {@code ]}).
     */
    void text(String s) throws XMLStreamException {
        int n = s.length();
        boolean blocks = n >= 12;
        boolean afterEscape = false;
        int i = 0;
        while (i < n) {
            int run = plainRun(s, i, n, TEXT);
            if (run > i) {
                afterEscape = false;
                i = run;
                if (i == n) {
                    return;
                }
            }
            char c = s.charAt(i);
            if (c < 0x80) {
                switch (c) {
                    case '&' -> raw("&amp;");
                    case '<' -> raw("&lt;");
                    case '>' -> {
                        if (i == 0 || s.charAt(i - 1) == ']' || blocks && (afterEscape || i % COPY_BLOCK == 0)) {
                            raw("&gt;");
                        } else {
                            put((byte) c);
                            afterEscape = false;
                            i++;
                            continue;
                        }
                    }
                    case '\r', 0x7f -> reference(c);
                    default -> throw invalid(c);
                }
                afterEscape = true;
            } else if (c <= 0x9f || c == 0xfffe || c == 0xffff) {
                reference(c);
                afterEscape = true;
            } else {
                i = encode(s, i, c);
                afterEscape = false;
            }
            i++;
        }
    }

    /**
     * Copies the ASCII characters from {@code i} on that {@code table} marks plain straight into the buffer; returns
     * the index of the first other character, or {@code n}.
     */
    private int plainRun(String s, int i, int n, byte[] table) throws XMLStreamException {
        while (i < n) {
            if (pos == buf.length) {
                drain();
            }
            byte[] b = buf;
            int p = pos;
            int end = Math.min(n, i + (b.length - p));
            while (i < end) {
                char c = s.charAt(i);
                if (c >= 0x80 || table[c] != PLAIN) {
                    pos = p;
                    return i;
                }
                b[p++] = (byte) c;
                i++;
            }
            pos = p;
        }
        return n;
    }

    /** Writes the buffer to the stream and flushes it. */
    void flush() throws XMLStreamException {
        drain();
        try {
            out.flush();
        } catch (IOException e) {
            throw new XMLStreamException(e);
        }
    }

    /** {@code &#x…;} with lower-case hex digits. */
    private void reference(char c) throws XMLStreamException {
        put((byte) '&');
        put((byte) '#');
        put((byte) 'x');
        boolean started = false;
        for (int shift = 12; shift >= 0; shift -= 4) {
            int d = (c >> shift) & 0xf;
            if (d != 0 || started || shift == 0) {
                put(HEX[d]);
                started = true;
            }
        }
        put((byte) ';');
    }

    /** UTF-8 of the non-ASCII character at {@code i} (a pair when a surrogate); returns the index of its last char. */
    private int encode(String s, int i, char c) throws XMLStreamException {
        if (c < 0x800) {
            put((byte) (0xc0 | c >> 6));
            put((byte) (0x80 | c & 0x3f));
            return i;
        }
        if (!Character.isSurrogate(c)) {
            put((byte) (0xe0 | c >> 12));
            put((byte) (0x80 | c >> 6 & 0x3f));
            put((byte) (0x80 | c & 0x3f));
            return i;
        }
        if (Character.isLowSurrogate(c) || i + 1 >= s.length() || !Character.isLowSurrogate(s.charAt(i + 1))) {
            throw new XMLStreamException("broken surrogate pair at U+" + Integer.toHexString(c));
        }
        int cp = Character.toCodePoint(c, s.charAt(i + 1));
        put((byte) (0xf0 | cp >> 18));
        put((byte) (0x80 | cp >> 12 & 0x3f));
        put((byte) (0x80 | cp >> 6 & 0x3f));
        put((byte) (0x80 | cp & 0x3f));
        return i + 1;
    }

    private static XMLStreamException invalid(char c) {
        return new XMLStreamException("invalid XML character (0x" + Integer.toHexString(c) + ") in text to output");
    }

    private void put(byte b) throws XMLStreamException {
        if (pos == buf.length) {
            drain();
        }
        buf[pos++] = b;
    }

    private void drain() throws XMLStreamException {
        if (pos > 0) {
            write(buf, pos);
            pos = 0;
        }
    }

    private void write(byte[] b, int n) throws XMLStreamException {
        try {
            out.write(b, 0, n);
        } catch (IOException e) {
            throw new XMLStreamException(e);
        }
    }
}
