package org.lexsync.engine.discovery;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The link-values of one HTTP {@code Link} header field (RFC 8288 §3): {@code <target>} followed by
 * {@code ; name=value} parameters, several link-values separated by commas. Commas and semicolons inside a
 * quoted-string (e.g. {@code title="a, b"}) or inside the angle brackets do not separate anything; parameter
 * names are case-insensitive; a {@code rel} holds one or more space-separated relation types (§3.3). Whatever
 * cannot be read is skipped, never thrown.
 */
final class LinkHeader {
    /** One link-value: its target as written (unresolved) and its relation types, lower-cased. */
    record Link(String target, List<String> rels) {
    }

    private LinkHeader() {
    }

    /** Every link-value of {@code value}, in order. */
    static List<Link> parse(String value) {
        List<Link> out = new ArrayList<>();
        int n = value.length();
        int i = 0;
        while (i < n) {
            int lt = value.indexOf('<', i);
            if (lt < 0) {
                break;
            }
            int gt = value.indexOf('>', lt + 1);
            if (gt < 0) {
                break;
            }
            String target = value.substring(lt + 1, gt).strip();
            List<String> rels = new ArrayList<>(1);
            i = gt + 1;
            // parameters up to the next comma outside a quoted-string
            while (i < n) {
                char c = value.charAt(i);
                if (c == ',') {
                    i++;
                    break;
                }
                if (c != ';') {
                    i++;
                    continue;
                }
                int nameStart = ++i;
                while (i < n && "=;,".indexOf(value.charAt(i)) < 0) {
                    i++;
                }
                String name = value.substring(nameStart, i).strip().toLowerCase(Locale.ROOT);
                String param = null;
                if (i < n && value.charAt(i) == '=') {
                    i++;
                    while (i < n && value.charAt(i) == ' ') {
                        i++;
                    }
                    StringBuilder v = new StringBuilder();
                    if (i < n && value.charAt(i) == '"') {
                        i++;
                        while (i < n && value.charAt(i) != '"') {
                            if (value.charAt(i) == '\\' && i + 1 < n) {
                                i++;
                            }
                            v.append(value.charAt(i++));
                        }
                        i++; // closing quote
                    } else {
                        while (i < n && ";,".indexOf(value.charAt(i)) < 0) {
                            v.append(value.charAt(i++));
                        }
                    }
                    param = v.toString().strip();
                }
                if (name.equals("rel") && param != null && rels.isEmpty()) {
                    // §3.3: only the first rel parameter counts
                    for (String r : param.split("\\s+")) {
                        if (!r.isEmpty()) {
                            rels.add(r.toLowerCase(Locale.ROOT));
                        }
                    }
                }
            }
            out.add(new Link(target, rels));
        }
        return out;
    }
}
