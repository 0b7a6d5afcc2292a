package org.lexsync.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A stored checkpoint in words for people ("ResourceSync …/capabilitylist.xml: baseline of 2024-01-01T00:18:56Z,
 * changes applied up to 2024-01-01T00:40:29Z"); the raw form, which only the harvesters read, goes to JSON
 * output alone. Exists because the raw forms ({@code rs1 … d=1 b=… t=… k=1 u=…}) meant nothing to operators.
 * Unknown forms are shown as they are.
 */
final class CheckpointText {
    private static final String RS = "rs1 ";
    private static final String ELI = "eli:synced=";

    private CheckpointText() {
    }

    /** The checkpoint in words, one line per part (a ResourceSync source can have several sets). */
    static List<String> describe(String raw) {
        if (raw == null || raw.isBlank()) {
            return List.of();
        }
        if (raw.startsWith(RS)) {
            List<String> out = new ArrayList<>();
            for (String line : raw.split("\n")) {
                out.add(resourceSync(line.strip()));
            }
            return out;
        }
        if (raw.startsWith(ELI)) {
            return List.of("Sitemap and update feed synced up to " + raw.substring(ELI.length()).strip());
        }
        String[] atom = raw.strip().split(" ", 2);
        if (atom.length == 2 && atom[0].matches("\\d{4}-\\d\\d-\\d\\dT.*")) {
            return List.of("feed entries up to " + atom[0] + " (the last: " + atom[1] + ")");
        }
        return List.of(raw.strip());
    }

    private static String resourceSync(String line) {
        String[] parts = line.split(" ");
        if (parts.length < 2 || !line.startsWith(RS)) {
            return line;
        }
        Map<Character, String> f = new LinkedHashMap<>();
        for (int i = 2; i < parts.length; i++) {
            if (parts[i].length() >= 2 && parts[i].charAt(1) == '=') {
                f.put(parts[i].charAt(0), parts[i].substring(2));
            }
        }
        StringBuilder b = new StringBuilder("ResourceSync ").append(parts[1]).append(": ");
        String at = f.getOrDefault('b', "-");
        String time = f.getOrDefault('t', "-");
        if ("1".equals(f.get('d'))) {
            b.append("baseline").append(at.equals("-") ? "" : " of " + at).append(" done");
        } else {
            b.append("no complete baseline");
        }
        if (!time.equals("-")) {
            b.append(", changes applied up to ").append(time);
            String k = f.getOrDefault('k', "-1");
            String last = f.getOrDefault('u', "-");
            if (!k.equals("-1")) {
                b.append(String.format(Locale.ROOT, " (%s of the changes at that time%s)", k,
                        last.equals("-") ? "" : ", the last " + last));
            }
        }
        return b.toString();
    }
}
