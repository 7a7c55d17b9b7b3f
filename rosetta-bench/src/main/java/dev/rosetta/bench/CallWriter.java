package dev.rosetta.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.json.Json;
import dev.rosetta.core.tool.BuiltinTools;
import dev.rosetta.core.tool.ToolSpec;
import dev.rosetta.core.tool.ToolUse;

/**
 * Writes one call, or one fenced block that is not a call, in the spellings a model uses in a
 * given format. Calls the dialects spell are written by the dialect itself, so they are
 * spelled exactly as the reader expects; the forms the dialects only read (xml
 * {@code <function_calls><invoke>}, multi-line {@code @tool} JSON) are written here by hand.
 */
final class CallWriter {

    private static final String[] PATHS = {
        "src/main/java/dev/example/Cursor.java", "README.md", "scripts/build.sh", "docs/notes on streaming.md",
        "app/config.toml", "test/fixtures/big-message.txt",
    };

    private static final String[] COMMANDS = {
        "ls -la", "git status --short", "mvn -q test -pl core", "grep -rn 'feed(' src | head -20",
        "cat <<'EOF' > notes.txt\nfirst line\n`quoted` line\nEOF", "cd build && make -j2 && cd ..",
        "echo \"done: $(date)\"", "python3 -c 'print(2 ** 100)'",
    };

    private final ToolFormat format;
    /** Whether the message is read where a fenced call runs (markdown, auto); elsewhere a fence is code for the user. */
    private final boolean fencesRun;
    private final Random random;
    private final CodeLines code;
    private int nextId = 1;

    CallWriter(ToolFormat format, Random random) {
        this(format, random, format == ToolFormat.MARKDOWN);
    }

    CallWriter(ToolFormat format, Random random, boolean fencesRun) {
        this.format = format;
        this.fencesRun = fencesRun;
        this.random = random;
        this.code = new CodeLines(random);
    }

    /** Appends one call or prose fence and a blank line; returns the number of calls appended (0 or 1). */
    int append(StringBuilder out) {
        int roll = random.nextInt(100);
        if (roll < 12) {
            jsonFence(out);
            out.append("\n\n");
            return 0;
        }
        int calls = 1;
        switch (format) {
            case MARKDOWN -> {
                ToolUse use = anyUse(roll);
                out.append(ToolFormat.MARKDOWN.dialect().write(use, specOf(use)));
            }
            case XML -> xml(out, roll);
            case TOOL -> calls = tool(out, roll);
            default -> calls = nativeCall(out, roll);
        }
        out.append("\n\n");
        return calls;
    }

    /** One save call of {@code path} with {@code body}, spelled as this format's dialect writes it. */
    String save(String path, String body) {
        ToolUse use = new ToolUse("save", List.of(path), body, Map.of(), format == ToolFormat.TOOL ? callId() : null);
        return format.dialect().write(use, BuiltinTools.SAVE);
    }

    /** The next {@code count} lines of code, each ending with a line break. */
    String codeLines(int count) {
        StringBuilder body = new StringBuilder();
        for (int i = 0; i < count; i++) {
            body.append(code.next()).append('\n');
        }
        return body.toString();
    }

    /** The next line of code, without its line break. */
    String codeLine() {
        return code.next();
    }

    private ToolUse anyUse(int roll) {
        // The same roll gives the same kind of call; its content is drawn afresh each time.
        return switch (roll % 4) {
            case 0 -> ToolUse.positional("shell", List.of(), commands());
            case 1 -> new ToolUse("save", List.of(path()), body(5 + random.nextInt(25)), Map.of(), null);
            case 2 -> new ToolUse("patch", List.of(path()), hunk(), Map.of(), null);
            default -> new ToolUse("append", List.of(path()), body(1 + random.nextInt(5)), Map.of(), null);
        };
    }

    private void xml(StringBuilder out, int roll) {
        if (roll % 3 == 0) {
            invoke(out, roll);
            return;
        }
        ToolUse use = anyUse(roll);
        out.append(ToolFormat.XML.dialect().write(use, specOf(use)));
    }

    /** {@code <function_calls><invoke name="…"><parameter name="…">} as Claude-style models write it. */
    private void invoke(StringBuilder out, int roll) {
        out.append("<function_calls>\n");
        if (roll % 2 == 0) {
            out.append("<invoke name=\"shell\">\n<parameter name=\"command\">").append(commands())
                    .append("</parameter>\n</invoke>\n");
        } else {
            out.append("<invoke name=\"save\">\n<parameter name=\"path\">").append(path())
                    .append("</parameter>\n<parameter name=\"content\">").append(body(5 + random.nextInt(25)))
                    .append("</parameter>\n</invoke>\n");
        }
        out.append("</function_calls>");
    }

    /** Returns the number of calls appended: a fenced one is code for the user in tool mode (the example-code rule). */
    private int tool(StringBuilder out, int roll) {
        switch (roll % 3) {
            case 0 -> { // a fenced call, shown to the user: every reader still has to look at it
                ToolUse use = anyUse(roll);
                out.append(ToolFormat.MARKDOWN.dialect().write(use, specOf(use)));
                return fencesRun ? 1 : 0;
            }
            case 1 -> { // one line, as the dialect writes it
                ToolUse use = anyUse(roll).withCallId(callId());
                out.append(ToolFormat.TOOL.dialect().write(use, specOf(use)));
            }
            default -> { // pretty-printed JSON over several lines
                out.append("@save(").append(callId()).append("): {\n  \"path\": ").append(Json.write(path()))
                        .append(",\n  \"content\": ").append(Json.write(body(5 + random.nextInt(25)))).append("\n}");
            }
        }
        return 1;
    }

    /**
     * A native dialect's own call, or now and then a fenced one, which is code for the user in
     * these formats (the example-code rule); returns the number of calls appended.
     */
    private int nativeCall(StringBuilder out, int roll) {
        ToolUse use = anyUse(roll);
        ToolFormat spelling = roll % 3 == 0 ? ToolFormat.MARKDOWN : format;
        out.append(spelling.dialect().write(use, specOf(use)));
        return spelling == format || fencesRun ? 1 : 0;
    }

    /** A ```json block: prose in every format, though it holds braces and quotes like a call. */
    private void jsonFence(StringBuilder out) {
        out.append("```json\n{\n  \"tool\": \"save\",\n  \"count\": ").append(random.nextInt(1000))
                .append(",\n  \"tags\": [\"a\", \"b\"]\n}\n```");
    }

    private String commands() {
        int n = 1 + random.nextInt(3);
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            lines.add(COMMANDS[random.nextInt(COMMANDS.length)]);
        }
        return String.join("\n", lines);
    }

    private String body(int lines) {
        String body = codeLines(lines);
        return body.substring(0, body.length() - 1);
    }

    private String hunk() {
        return "<<<<<<< ORIGINAL\n" + code.next() + "\n" + code.next() + "\n=======\n" + code.next() + "\n"
                + ">>>>>>> UPDATED";
    }

    private String path() {
        return PATHS[random.nextInt(PATHS.length)];
    }

    private String callId() {
        return "call_" + nextId++;
    }

    private static ToolSpec specOf(ToolUse use) {
        return BuiltinTools.catalog().resolve(use.tool()).orElseThrow();
    }
}
