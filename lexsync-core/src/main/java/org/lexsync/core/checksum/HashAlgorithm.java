package org.lexsync.core.checksum;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Locale;

/**
 * The digest algorithms that sources state in {@code hash} attributes (ResourceSync §7 Table 3 and the
 * Atom Link Extensions draft use the IANA "Hash Function Textual Names" registry: {@code md5},
 * {@code sha-1}, {@code sha-256}, …) and in the obsolete {@code le:md5} attribute.
 */
public enum HashAlgorithm {
    MD5("md5", "MD5", 32),
    SHA_1("sha-1", "SHA-1", 40),
    SHA_224("sha-224", "SHA-224", 56),
    SHA_256("sha-256", "SHA-256", 64),
    SHA_384("sha-384", "SHA-384", 96),
    SHA_512("sha-512", "SHA-512", 128);

    private final String token;
    private final String jcaName;
    private final int hexLength;
    /** A fresh digest to copy: cloning skips the JCA provider lookup of getInstance, a measurable cost per body. */
    private volatile MessageDigest prototype;

    HashAlgorithm(String token, String jcaName, int hexLength) {
        this.token = token;
        this.jcaName = jcaName;
        this.hexLength = hexLength;
    }

    /** The IANA textual name, as written in {@code hash="md5:…"}. */
    public String token() {
        return token;
    }

    /** Length of a digest in lower-case hex. */
    public int hexLength() {
        return hexLength;
    }

    /** The lower-case hex digest of {@code bytes}. */
    public String hex(byte[] bytes) {
        return java.util.HexFormat.of().formatHex(newDigest().digest(bytes));
    }

    /** A new digest of this algorithm, ready for input. */
    public MessageDigest newDigest() {
        MessageDigest p = prototype;
        if (p == null) {
            p = lookUp();
            prototype = p;
        }
        try {
            return (MessageDigest) p.clone();
        } catch (CloneNotSupportedException e) {
            return lookUp();
        }
    }

    private MessageDigest lookUp() {
        try {
            return MessageDigest.getInstance(jcaName);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("JDK lacks " + jcaName, e);
        }
    }

    private static final HashAlgorithm[] VALUES = values();

    /**
     * The algorithm for a textual name, case-insensitive, also accepting the common misspellings
     * {@code sha1}/{@code sha256}; null when unknown.
     */
    public static HashAlgorithm fromToken(String name) {
        if (name == null) {
            return null;
        }
        for (HashAlgorithm a : VALUES) {
            if (a.token.equals(name)) {
                return a;   // the usual case, without trimming or lower-casing a copy
            }
        }
        String n = name.trim().toLowerCase(Locale.ROOT);
        for (HashAlgorithm a : VALUES) {
            if (a.token.equals(n) || a.token.replace("-", "").equals(n)) {
                return a;
            }
        }
        return null;
    }
}
