package dev.rosetta.cli.chat;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import dev.rosetta.core.RosettaException;
import dev.rosetta.tools.Tool;

/**
 * Which tools a chat loads: all by default (or those the resumed conversation had), a list
 * ({@code shell,save}) instead, or changes to that ({@code +jshell,-ipython}).
 */
final class ToolAllowlist {

    private ToolAllowlist() {}

    static List<Tool> apply(List<Tool> all, List<String> saved, String spec) {
        Set<String> known = all.stream().map(t -> t.spec().name()).collect(Collectors.toCollection(LinkedHashSet::new));
        Set<String> chosen = new LinkedHashSet<>(saved == null ? known : saved);
        if (spec != null && !spec.isBlank()) {
            List<String> items = List.of(spec.split(","));
            boolean changes = items.stream().map(String::strip).allMatch(s -> s.startsWith("+") || s.startsWith("-"));
            if (!changes) {
                chosen.clear();
            }
            for (String raw : items) {
                String item = raw.strip();
                String tool = item.startsWith("+") || item.startsWith("-") ? item.substring(1) : item;
                if (!known.contains(tool)) {
                    throw new RosettaException("unknown tool '" + tool + "' in --tools; the tools are: "
                            + String.join(", ", known));
                }
                if (item.startsWith("-")) {
                    chosen.remove(tool);
                } else {
                    chosen.add(tool);
                }
            }
        }
        List<Tool> out = new ArrayList<>();
        for (Tool t : all) {
            if (chosen.contains(t.spec().name())) {
                out.add(t);
            } else {
                t.close();
            }
        }
        return out;
    }
}
