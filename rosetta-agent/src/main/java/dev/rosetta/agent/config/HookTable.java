package dev.rosetta.agent.config;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import dev.rosetta.agent.hooks.HookEntry;
import dev.rosetta.agent.hooks.HookEvent;
import dev.rosetta.agent.hooks.HookMatcher;

/**
 * {@code [[hooks]]}: each entry an {@code event}, an optional {@code matcher}, a {@code command}
 * (with {@code args}, the program run without a shell) and an optional {@code timeout}.
 */
final class HookTable {

    private static final String[] KEYS = {"event", "matcher", "command", "args", "timeout"};

    private HookTable() {}

    static List<HookEntry> read(ConfigTable root, Path file, boolean fromProject) {
        List<HookEntry> hooks = new ArrayList<>();
        for (ConfigTable t : root.tables("hooks")) {
            String name = t.text("event");
            if (name == null) {
                throw t.error("event", "is missing: say when the hook runs (" + HookEvent.names() + ")");
            }
            HookEvent event = HookEvent.named(name).orElseThrow(() -> t.error("event", "must be one of "
                    + HookEvent.names() + ", not " + TomlText.string(name)));
            HookMatcher matcher = matcher(t, event);
            String command = t.text("command");
            if (command == null) {
                throw t.error("command", "is missing: the command to run, like command = \"~/hooks/check.sh\"");
            }
            List<String> args = t.strings("args");
            Duration timeout = t.duration("timeout");
            t.finish(KEYS);
            hooks.add(new HookEntry(event, matcher, command, args, timeout, file, fromProject));
        }
        return hooks;
    }

    private static HookMatcher matcher(ConfigTable t, HookEvent event) {
        String written = t.string("matcher");
        if (written != null && !written.isBlank() && event.matchedField().isEmpty()) {
            t.warn("matcher", "a matcher means nothing for " + event.hookName() + " hooks (they run every time);"
                    + " it is ignored");
            return HookMatcher.ANY;
        }
        try {
            return HookMatcher.of(written);
        } catch (IllegalArgumentException e) {
            throw t.error("matcher", e.getMessage());
        }
    }
}
