package dev.rosetta.tools.files;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * How a hunk's indentation maps onto the file's, where its ORIGINAL lines matched ignoring
 * indentation: each indentation of the ORIGINAL lines stands for one indentation in the file.
 * The UPDATED lines are re-indented the same way, so a model that dropped a level of
 * indentation (or wrote spaces for tabs) still produces code that fits.
 *
 * @param byIndent the ORIGINAL lines' indentation → the file's, for every non-blank line
 */
record Reindent(Map<String, String> byIndent) {

    static final Reindent NONE = new Reindent(Map.of());

    Reindent {
        byIndent = Map.copyOf(byIndent);
    }

    /**
     * The mapping from {@code original} onto the same lines in the file, or empty when the
     * indentation does not map consistently (one ORIGINAL indentation, two in the file).
     */
    static Optional<Reindent> between(List<String> file, int start, List<String> original) {
        Map<String, String> map = new LinkedHashMap<>();
        for (int j = 0; j < original.size(); j++) {
            String o = original.get(j);
            if (o.isBlank()) {
                continue;
            }
            String from = leading(o);
            String to = leading(file.get(start + j));
            String known = map.putIfAbsent(from, to);
            if (known != null && !known.equals(to)) {
                return Optional.empty();
            }
        }
        return Optional.of(new Reindent(map));
    }

    List<String> apply(List<String> updated) {
        if (byIndent.isEmpty()) {
            return updated;
        }
        List<String> out = new ArrayList<>(updated.size());
        for (String line : updated) {
            out.add(line.isBlank() ? line : reindent(line));
        }
        return out;
    }

    private String reindent(String line) {
        String lead = leading(line);
        String rest = line.substring(lead.length());
        Optional<String> key = byIndent.keySet().stream()
                .filter(lead::startsWith)
                .max(Comparator.comparingInt(String::length));
        if (key.isPresent()) {
            return byIndent.get(key.get()) + lead.substring(key.get().length()) + rest;
        }
        // Less indented than every ORIGINAL line: shift it as the least indented one was shifted.
        String least = byIndent.keySet().stream().min(Comparator.comparingInt(String::length)).orElseThrow();
        String mapped = byIndent.get(least);
        if (mapped.endsWith(least)) {
            return mapped.substring(0, mapped.length() - least.length()) + line;
        }
        if (least.endsWith(mapped)) {
            String removed = least.substring(0, least.length() - mapped.length());
            int common = 0;
            while (common < removed.length() && common < lead.length() && removed.charAt(common) == lead.charAt(common)) {
                common++;
            }
            return line.substring(common);
        }
        return line;
    }

    /** "4 more spaces", "1 tab fewer", or "to the file's indentation" when the shift is not uniform. */
    String describe() {
        Optional<String> added = uniform(true);
        if (added.isPresent()) {
            return "indented by " + amount(added.get()) + " more";
        }
        Optional<String> removed = uniform(false);
        if (removed.isPresent()) {
            return "indented by " + amount(removed.get()) + " less";
        }
        return "re-indented to the file's indentation";
    }

    private Optional<String> uniform(boolean adding) {
        String shift = null;
        for (Map.Entry<String, String> e : byIndent.entrySet()) {
            String longer = adding ? e.getValue() : e.getKey();
            String shorter = adding ? e.getKey() : e.getValue();
            if (!longer.endsWith(shorter) || longer.length() == shorter.length()) {
                return Optional.empty();
            }
            String s = longer.substring(0, longer.length() - shorter.length());
            if (shift != null && !shift.equals(s)) {
                return Optional.empty();
            }
            shift = s;
        }
        return Optional.ofNullable(shift);
    }

    private static String amount(String whitespace) {
        if (whitespace.chars().allMatch(c -> c == ' ')) {
            return whitespace.length() + (whitespace.length() == 1 ? " space" : " spaces");
        }
        if (whitespace.chars().allMatch(c -> c == '\t')) {
            return whitespace.length() + (whitespace.length() == 1 ? " tab" : " tabs");
        }
        return "'" + whitespace.replace("\t", "\\t") + "'";
    }

    static String leading(String line) {
        int i = 0;
        while (i < line.length() && (line.charAt(i) == ' ' || line.charAt(i) == '\t')) {
            i++;
        }
        return line.substring(0, i);
    }
}
