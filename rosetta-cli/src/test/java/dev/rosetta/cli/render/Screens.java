package dev.rosetta.cli.render;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import dev.rosetta.agent.chat.AgentEvent;

/** Test support: renders events to a string, and reads rendered output. */
final class Screens {

    static final TerminalStyle COLOUR = new TerminalStyle(true, false);

    private Screens() {}

    static String render(TerminalStyle style, List<AgentEvent> events) {
        StringBuilder out = new StringBuilder();
        TerminalRenderer renderer = new TerminalRenderer(out, style);
        events.forEach(renderer);
        renderer.endTurn();
        return out.toString();
    }

    static String plain(List<AgentEvent> events) {
        return render(TerminalStyle.plain(), events);
    }

    static String colour(List<AgentEvent> events) {
        return render(COLOUR, events);
    }

    /** Prose deltas of these pieces. */
    static List<AgentEvent> prose(String... pieces) {
        return Arrays.stream(pieces).<AgentEvent>map(AgentEvent.ProseDelta::new).toList();
    }

    /** The output without our SGR sequences. */
    static String withoutSgr(String text) {
        return Screen.withoutSgr(text);
    }

    /** Whether the output holds an escape sequence that is not one of our SGR colour sequences. */
    static boolean hasForeignEscape(String text) {
        String rest = text.replaceAll("\u001b\\[[0-9;]*m", "");
        return rest.chars().anyMatch(c -> c == 0x1b || c == 0x9b || c == 0x9d || c == 0x07 || c == '\r'
                || TerminalText.isBidiControl((char) c));
    }

    static Map<String, String> env(String... pairs) {
        Map<String, String> env = new HashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            env.put(pairs[i], pairs[i + 1]);
        }
        return env;
    }
}
