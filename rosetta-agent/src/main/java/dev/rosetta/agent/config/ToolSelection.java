package dev.rosetta.agent.config;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import dev.rosetta.core.RosettaException;

/**
 * What {@code --tools} chooses, for the chat ({@code -t}) and for {@code rosetta parse} alike.
 * The items of every {@code --tools} given are read together: when each is a change ({@code +jshell},
 * {@code -ipython}), they change the tools there would otherwise be; when one is a plain name
 * ({@code shell,save}), the items are the whole list (a {@code -name} in it still takes one out).
 * A name that is not a tool here is an error that lists the tools: a typo never silently
 * removes a tool, nor invents one.
 */
public final class ToolSelection {

    private ToolSelection() {}

    /**
     * The chosen tools' names, in the order of {@code known}.
     *
     * @param known  every tool there is here
     * @param start  the tools chosen before {@code --tools} changes them
     * @param source where {@code start} came from, named when it holds a tool that is not known
     *               (e.g. the resumed conversation's config.toml)
     * @param items  the comma-separated items of {@code --tools}; null or empty when it was not given
     */
    public static List<String> choose(List<String> known, List<String> start, String source, List<String> items) {
        for (String name : start) {
            require(known, name, source);
        }
        // Loops rather than streams: this runs on the fast start-up path, where each lambda costs a class.
        List<String> given = new ArrayList<>();
        boolean onlyChanges = true;
        for (String item : items == null ? List.<String>of() : items) {
            if (!item.isBlank()) {
                given.add(item.strip());
                onlyChanges &= isChange(item.strip());
            }
        }
        Set<String> chosen = new HashSet<>(onlyChanges ? start : List.of());
        for (String item : given) {
            String name = isChange(item) ? item.substring(1).strip() : item;
            require(known, name, "--tools");
            if (item.startsWith("-")) {
                chosen.remove(name);
            } else {
                chosen.add(name);
            }
        }
        List<String> out = new ArrayList<>();
        for (String name : known) {
            if (chosen.contains(name)) {
                out.add(name);
            }
        }
        return out;
    }

    private static boolean isChange(String item) {
        return item.startsWith("+") || item.startsWith("-");
    }

    private static void require(List<String> known, String name, String source) {
        if (!known.contains(name)) {
            throw new RosettaException("unknown tool '" + name + "' in " + source + "; the tools are: "
                    + String.join(", ", known));
        }
    }
}
