package dev.rosetta.cli.ui;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import dev.rosetta.cli.render.CallView;
import dev.rosetta.cli.render.CodeHighlighter;
import dev.rosetta.cli.render.Excerpt;
import dev.rosetta.cli.render.TerminalStyle;
import dev.rosetta.cli.render.TerminalText;
import dev.rosetta.cli.render.Tone;
import dev.rosetta.core.json.Json;
import dev.rosetta.core.split.Segment;
import dev.rosetta.core.tool.CallTitle;
import dev.rosetta.core.tool.ResultTitle;
import dev.rosetta.core.tool.ToolResult;
import dev.rosetta.core.tool.ToolUse;

/**
 * The blocks of the conversation, each built from what the splitter and the tools reported, so a
 * call looks the same whichever dialect spelled it and whichever tool it names (a built-in one,
 * or an MCP server's {@code server.tool}): {@code ▶ save README.md · 46 lines} over its first
 * lines, {@code ▶ shell: npm test}, {@code ✓ shell · exit 0 · 120 lines},
 * {@code ✗ patch · [ERROR:ENOENT]}. Everything from outside passes {@link TerminalText#safe}.
 */
final class Blocks {

    /** Where a block's body lines start. */
    static final String INDENT = "  ";
    static final String THINKING_GUTTER = "┊ ";

    /** A result of one line up to this length goes in its header. */
    private static final int SHORT_RESULT = 80;
    private static final int GIST_WORDS = 12;

    private final TerminalStyle style;

    Blocks(TerminalStyle style) {
        this.style = style;
    }

    /** The user's message after the prompt it was typed at; further lines after "… ", as the prompt showed them. */
    Block user(String prompt, String text) {
        List<String> lines = new ArrayList<>();
        String[] typed = TerminalText.safe(text).split("\n", -1);
        String pad = " ".repeat(Math.max(0, Columns.width(prompt) - 2));
        for (int i = 0; i < typed.length; i++) {
            lines.add((i == 0 ? prompt : pad + style.paint("…", Tone.DIM) + " ") + typed[i]);
        }
        return Block.text(Block.Kind.USER, lines);
    }

    Block call(ToolUse use) {
        CallView view = CallView.of(use);
        CallTitle title = view.title();
        String header = style.paint("▶", Tone.YELLOW) + " " + style.paint(oneLine(view.tool()), Tone.BOLD);
        List<String> body = new ArrayList<>();
        if (view.body() != null && !view.body().isBlank()) {
            CodeHighlighter highlighter = new CodeHighlighter(view.language(), style);
            for (String line : TerminalText.safe(view.body().stripTrailing()).split("\n", -1)) {
                body.add(INDENT + highlighter.line(Excerpt.cut(line)));
            }
        }
        String json = oneLine(Json.write(use.kwargs()));
        switch (title.shape(json, Columns::width)) {
            case SHORT_JSON -> {
                return new Block(Block.Kind.CALL, header + ": " + json, List.of(), Block.Preview.HEAD, null);
            }
            case ONE_LINE -> {
                // a one-line body (a short script, an MCP tool's JSON) is all in the header
                return new Block(Block.Kind.CALL, header + ": " + body.get(0).strip(), List.of(), Block.Preview.HEAD,
                        null);
            }
            case ARGUMENT -> header += (title.isCode() ? ": " : " ") + oneLine(view.argument());
            case FIRST_LINE -> header += ": " + oneLine(title.firstLine());
            case TOOL -> { }
        }
        if (!body.isEmpty()) {
            header += style.paint(" · " + lines(body.size()), Tone.DIM);
        }
        return new Block(Block.Kind.CALL, header, body, Block.Preview.HEAD, null);
    }

    /** A running call's line: its header without the ▶ (a spinner stands there). */
    String running(ToolUse use) {
        String header = call(use).header();
        String marker = style.paint("▶", Tone.YELLOW) + " ";
        return header.startsWith(marker) ? header.substring(marker.length()) : header;
    }

    Block result(ToolUse use, ToolResult result) {
        String safe = TerminalText.safe(ResultTitle.output(result)).stripTrailing();
        List<String> body = new ArrayList<>();
        if (!safe.isEmpty()) {
            for (String line : safe.split("\n", -1)) {
                body.add(INDENT + Excerpt.cut(line));
            }
        }
        String mark = result.isError() ? style.paint("✗", Tone.RED, Tone.BOLD) : style.paint("✓", Tone.GREEN, Tone.BOLD);
        String header = mark + " " + style.paint(oneLine(use.tool()), Tone.BOLD) + outcome(use, result);
        if (body.size() == 1 && Columns.width(body.get(0)) <= SHORT_RESULT) {
            return new Block(Block.Kind.RESULT, header + style.paint(" ·", Tone.DIM) + " " + body.get(0).strip(),
                    List.of(), Block.Preview.HEAD_AND_TAIL, null);
        }
        if (!body.isEmpty()) {
            header += style.paint(" · " + lines(body.size()), Tone.DIM);
        }
        return new Block(Block.Kind.RESULT, header, body, Block.Preview.HEAD_AND_TAIL, null);
    }

    /** " · exit 0" for a command, " · [ERROR:ENOENT]" for a failure, nothing for other successes. */
    private String outcome(ToolUse use, ToolResult result) {
        String outcome = ResultTitle.outcome(use, result);
        if (outcome.isEmpty()) {
            return "";
        }
        return style.paint(" · ", Tone.DIM) + (result.isError() ? style.paint(oneLine(outcome), Tone.RED) : outcome);
    }

    Block unparsed(Segment.Unparsed unparsed) {
        String header = style.paint("⚠", Tone.YELLOW) + " " + style.paint("not run: " + oneLine(unparsed.problem()),
                Tone.DIM);
        List<String> body = new ArrayList<>();
        String raw = TerminalText.safe(unparsed.raw()).stripTrailing();
        if (!raw.isEmpty()) {
            for (String line : raw.split("\n", -1)) {
                body.add(INDENT + style.paint(Excerpt.cut(line), Tone.DIM));
            }
        }
        return new Block(Block.Kind.UNPARSED, header, body, Block.Preview.HEAD_AND_TAIL, null);
    }

    /** Reasoning: one dimmed line while folded (how long, how it began), all of it behind a gutter when open. */
    Block thinking(String text) {
        String safe = TerminalText.safe(text).strip();
        String[] words = safe.isEmpty() ? new String[0] : safe.split("\\s+");
        StringBuilder gist = new StringBuilder();
        for (int i = 0; i < Math.min(GIST_WORDS, words.length); i++) {
            gist.append(i == 0 ? "" : " ").append(words[i]);
        }
        String header = style.paint(THINKING_GUTTER + "thought · " + words.length + (words.length == 1 ? " word" : " words")
                + (gist.isEmpty() ? "" : " · " + gist + (words.length > GIST_WORDS ? "…" : "")), Tone.DIM, Tone.ITALIC);
        List<String> body = new ArrayList<>();
        for (String line : safe.split("\n", -1)) {
            body.add(style.paint(THINKING_GUTTER, Tone.DIM) + style.paint(Excerpt.cut(line), Tone.DIM, Tone.ITALIC));
        }
        return new Block(Block.Kind.THINKING, header, safe.isEmpty() ? List.of() : body, Block.Preview.NONE, null);
    }

    /** A confirmation as it was answered: the preview the user saw, then the question and the answer. */
    Block confirmation(String preview, String question, String answer) {
        List<String> body = preview.isEmpty() ? List.of() : List.of(preview.stripTrailing().split("\n", -1));
        return new Block(Block.Kind.CONFIRMATION, null, body, Block.Preview.HEAD, question + answer);
    }

    Block note(String text) {
        return Block.text(Block.Kind.NOTE, List.of(style.paint("ℹ " + oneLine(text), Tone.DIM)));
    }

    /** Lines of our own (a command's output), as they are. */
    Block said(List<String> lines) {
        return Block.text(Block.Kind.NOTE, lines);
    }

    static String lines(int n) {
        return String.format(Locale.ROOT, "%,d %s", n, n == 1 ? "line" : "lines");
    }

    /** Text from outside, safe and on one line. */
    static String oneLine(String text) {
        return TerminalText.oneLine(text);
    }
}
