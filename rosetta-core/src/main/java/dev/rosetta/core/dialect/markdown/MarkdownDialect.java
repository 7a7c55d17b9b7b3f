package dev.rosetta.core.dialect.markdown;

import java.util.stream.Collectors;

import dev.rosetta.core.dialect.ExampleText;
import dev.rosetta.core.dialect.Dialect;
import dev.rosetta.core.dialect.InfoString;
import dev.rosetta.core.dialect.TextCall;
import dev.rosetta.core.split.Reader;
import dev.rosetta.core.tool.Parameter;
import dev.rosetta.core.tool.ToolCatalog;
import dev.rosetta.core.tool.ToolSpec;
import dev.rosetta.core.tool.ToolUse;

/** Tool calls as fenced code blocks whose tag names the tool: {@code ```save path}. */
public final class MarkdownDialect implements Dialect {

    public static final MarkdownDialect INSTANCE = new MarkdownDialect();

    /**
     * What the report of a block in a tool's alias ({@code ```python}) says after its tag: such a
     * block ran nothing, and is reported only where it ends the reply (a model that writes a call
     * stops to wait for its result; one that shows an example usually goes on to explain it).
     */
    public static final String EXAMPLE_BLOCKS = "blocks are not run (they may be examples)";

    private MarkdownDialect() {}

    @Override
    public String name() {
        return "markdown";
    }

    @Override
    public String toString() {
        return name();
    }

    @Override
    public Reader reader(ToolCatalog tools) {
        return new MarkdownReader(tools, true);
    }

    /**
     * In every other format's conversation a fenced block is code for the user: never a call and
     * never reported (which would cost a request to tell the model about an example). It still
     * hides its lines from the other readers, so a call quoted in it does not run either.
     */
    @Override
    public Reader driftReader(Dialect asked, ToolCatalog tools) {
        return new MarkdownReader(tools, false);
    }

    /** Whether {@code u} is the report of a block in a tool's alias that ended a reply ({@link #EXAMPLE_BLOCKS}). */
    public static boolean isExampleReport(dev.rosetta.core.split.Segment.Unparsed u) {
        return u.dialect() == INSTANCE && u.problem().contains(EXAMPLE_BLOCKS);
    }

    @Override
    public String write(ToolUse use, ToolSpec spec) {
        TextCall call = TextCall.of(use, spec);
        String body = call.bodyWithNamed(spec, name());
        String args = InfoString.format(call.args(), spec);
        String fence = "`".repeat(fenceLength(body));
        // The reader drops one line break before the closing fence: "\r\n" if there is one, so a
        // body ending in '\r' needs that whole break to keep its '\r'.
        String lastBreak = body != null && body.endsWith("\r") ? "\r\n" : "\n";
        return fence + spec.tag() + (args.isEmpty() ? "" : " " + args) + "\n"
                + (body == null ? "" : body + lastBreak)
                + fence;
    }

    /**
     * The length of a backtick fence that no line of {@code body} can close: longer than every
     * run of backticks that starts a line after at most three spaces, and at least three. Rosetta's
     * reader takes fences at column 0 only; counting the indented ones and bare CR line breaks too
     * keeps the block whole for a CommonMark reader (the model, a viewer of the log), while a run
     * inside a line, which no reader takes for a fence, does not lengthen it. The one rule for
     * every fence Rosetta writes around text: calls in this dialect, piped input.
     */
    public static int fenceLength(CharSequence body) {
        int longest = 0;
        if (body != null) {
            int indent = 0;
            int run = 0;
            boolean lineStart = true;
            for (int i = 0; i < body.length(); i++) {
                char c = body.charAt(i);
                if (c == '\n' || c == '\r') {
                    lineStart = true;
                    indent = 0;
                    run = 0;
                } else if (lineStart && c == '`') {
                    longest = Math.max(longest, ++run);
                } else if (lineStart && c == ' ' && run == 0 && indent < 3) {
                    indent++;
                } else {
                    lineStart = false;
                }
            }
        }
        return Math.max(3, longest + 1);
    }

    @Override
    public String callingConvention() {
        return """
                To call a tool, write a fenced code block whose info string is the tool's tag, followed \
                by its arguments (for file tools, the path); the block's body is the tool's input. The \
                call runs as soon as its closing fence arrives, and its result comes back to you in the \
                next message. Only blocks tagged with a tool run: blocks tagged with a language \
                (```python, ```bash, ```json) are shown to the user, not run. When the body itself holds \
                lines that start with ```, open and close the block with more backticks (````save \
                README.md … ````).""";
    }

    @Override
    public String describe(ToolSpec spec) {
        StringBuilder out = new StringBuilder("## ").append(spec.name()).append("\n\n")
                .append(spec.description()).append('\n');
        if (!spec.instructions().isBlank()) {
            out.append('\n').append(spec.instructions().strip()).append('\n');
        }
        out.append(jsonKeys(spec));
        out.append("\nUsage:\n\n").append(usage(spec)).append('\n');
        if (!spec.examples().isEmpty()) {
            out.append("\n### Examples\n");
            spec.examples().forEach(e -> out.append('\n').append(ExampleText.render(e, write(e.use(), spec))));
        }
        return out.toString().stripTrailing();
    }

    private static String usage(ToolSpec spec) {
        String args = spec.argumentParameters().stream().map(p -> "<" + p.name() + ">")
                .collect(Collectors.joining(" "));
        String body = spec.bodyParameter().map(Parameter::name).map(n -> "<" + n + ">\n").orElse("");
        if (body.isEmpty() && !named(spec).isEmpty()) {
            body = named(spec).stream().map(p -> "\"" + p.name() + "\": <" + p.name() + ">")
                    .collect(Collectors.joining(", ", "{", "}\n"));
        }
        return "```" + spec.tag() + (args.isEmpty() ? "" : " " + args) + "\n" + body + "```";
    }

    /** A tool without a body takes its named parameters as a JSON object in the body: they are listed. */
    private static String jsonKeys(ToolSpec spec) {
        if (spec.bodyParameter().isPresent() || named(spec).isEmpty()) {
            return "";
        }
        return "\nThe body is a JSON object with these keys:\n" + named(spec).stream()
                .map(p -> "- " + p.name() + " (" + p.type() + (p.required() ? ", required" : ", optional") + ")"
                        + (p.description().isEmpty() ? "" : ": " + p.description()))
                .collect(Collectors.joining("\n")) + "\n";
    }

    private static java.util.List<Parameter> named(ToolSpec spec) {
        return spec.parameters().stream().filter(p -> p.slot() == Parameter.Slot.NAMED).toList();
    }
}
