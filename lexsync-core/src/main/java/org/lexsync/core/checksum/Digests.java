package org.lexsync.core.checksum;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The set of digests a source promises for one resource, parsed from a {@code hash} attribute: a
 * whitespace-separated list of {@code algorithm:hexvalue} tokens (ResourceSync §7, Table 3; Atom Link
 * Extensions draft). A base64 value of the right length is read as that digest ({@link Digest#lenient}).
 * Unknown algorithms are kept aside (not verifiable, reported by validators) and
 * malformed tokens are listed so that validators can report them; parsing itself never fails.
 */
public record Digests(Map<HashAlgorithm, Digest> known, List<String> unknownTokens) {
    public static final Digests NONE = new Digests(Map.of(), List.of());

    public Digests {
        known = known.isEmpty() ? Map.of() : Collections.unmodifiableMap(new EnumMap<>(known));
        unknownTokens = List.copyOf(unknownTokens);
    }

    /** Parses a {@code hash} attribute value; null or blank gives {@link #NONE}. */
    public static Digests parse(String attribute) {
        if (attribute == null || attribute.isBlank()) {
            return NONE;
        }
        EnumMap<HashAlgorithm, Digest> known = new EnumMap<>(HashAlgorithm.class);
        List<String> unknown = new ArrayList<>(0);
        String s = attribute.trim();
        int i = 0;
        while (i < s.length()) {
            // tokens separated by runs of regex \s (space, tab, newline, VT, FF, CR), without a regex per call
            int end = i;
            while (end < s.length() && !space(s.charAt(end))) {
                end++;
            }
            String token = s.substring(i, end);
            i = end;
            while (i < s.length() && space(s.charAt(i))) {
                i++;
            }
            int colon = token.indexOf(':');
            HashAlgorithm a = colon > 0 ? HashAlgorithm.fromToken(token.substring(0, colon)) : null;
            if (a == null || colon == token.length() - 1) {
                unknown.add(token);
            } else {
                known.put(a, Digest.lenient(a, token.substring(colon + 1)));
            }
        }
        return new Digests(known, unknown);
    }

    /** The characters of regex {@code \s}: space, tab, newline, vertical tab, form feed, carriage return. */
    private static boolean space(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\u000B' || c == '\f' || c == '\r';
    }

    /** Digests holding exactly these values. */
    public static Digests of(Digest... digests) {
        EnumMap<HashAlgorithm, Digest> known = new EnumMap<>(HashAlgorithm.class);
        for (Digest d : digests) {
            known.put(d.algorithm(), d);
        }
        return new Digests(known, List.of());
    }

    /** This set with one more digest (replacing one of the same algorithm). */
    public Digests with(Digest digest) {
        EnumMap<HashAlgorithm, Digest> copy = new EnumMap<>(HashAlgorithm.class);
        copy.putAll(known);
        copy.put(digest.algorithm(), digest);
        return new Digests(copy, unknownTokens);
    }

    public Optional<Digest> get(HashAlgorithm algorithm) {
        return Optional.ofNullable(known.get(algorithm));
    }

    public boolean isEmpty() {
        return known.isEmpty() && unknownTokens.isEmpty();
    }

    /** The attribute form: known digests in algorithm order, then unknown tokens as given. */
    @Override
    public String toString() {
        StringBuilder b = new StringBuilder();
        for (Digest d : known.values()) {
            if (!b.isEmpty()) {
                b.append(' ');
            }
            b.append(d);
        }
        for (String t : unknownTokens) {
            if (!b.isEmpty()) {
                b.append(' ');
            }
            b.append(t);
        }
        return b.toString();
    }
}
