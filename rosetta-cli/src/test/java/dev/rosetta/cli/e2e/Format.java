package dev.rosetta.cli.e2e;

import java.util.ArrayList;
import java.util.List;

import dev.rosetta.cli.e2e.ScriptedReply.Streamed;

/** The three tool formats, and how a model asked for each one spells a call. */
enum Format {
    MARKDOWN, XML, TOOL;

    String id() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    /** A reply: some prose, then the calls in this format (native calls in {@code tool}). */
    Streamed reply(String prose, ModelCall... calls) {
        if (this == TOOL) {
            return new Streamed(pieces(prose), List.of(calls));
        }
        StringBuilder text = new StringBuilder(prose);
        for (ModelCall call : calls) {
            text.append(spell(call));
        }
        return new Streamed(pieces(text.toString()), List.of());
    }

    /** The call as the text of this format (markdown or xml; {@code tool} as an @tool line). */
    String spell(ModelCall call) {
        String body = call.body() == null ? "" : call.body().endsWith("\n") ? call.body() : call.body() + "\n";
        return switch (this) {
            case MARKDOWN -> "```" + call.tool() + (call.path() == null ? "" : " " + call.path()) + "\n" + body + "```\n";
            case XML -> "<tool-use>\n<" + call.tool() + (call.path() == null ? "" : " args=\"" + call.path() + "\"")
                    + ">\n" + body + "</" + call.tool() + ">\n</tool-use>\n";
            case TOOL -> "@" + call.tool() + "(" + call.id() + "): " + call.argumentsJson() + "\n";
        };
    }

    @Override
    public String toString() {
        return id();
    }

    /** Text cut into deltas of a few characters, so delimiters arrive split as they do from real models. */
    static List<String> pieces(String text) {
        List<String> out = new ArrayList<>();
        int start = 0;
        while (start < text.length()) {
            int end = Math.min(text.length(), start + 7);
            if (end < text.length() && Character.isHighSurrogate(text.charAt(end - 1))) {
                end++; // never split a character in two
            }
            out.add(text.substring(start, end));
            start = end;
        }
        return out;
    }
}
