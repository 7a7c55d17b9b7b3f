package dev.rosetta.core.tool;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.ToIntFunction;

import dev.rosetta.core.json.Json;

/**
 * How a call is named for people, the same whatever spelled it: a markdown fence and an xml element
 * arrive as positional arguments and a body, a native call as named arguments, and both become the
 * tool, its main argument (a path; a short one-line command) and a body. The terminal UI's header
 * ({@code save README.md · 46 lines}, {@code shell: npm test}) and an editor's tool-call title are
 * both this; only their styling differs. Nothing here is made safe: whoever shows it does that.
 *
 * @param tool     the tool's name
 * @param argument the main argument (a path, a short command), or null
 * @param body     the code or content, with any named arguments nothing else shows as JSON; or null
 * @param onlyJson whether the body is just the JSON of named arguments (an MCP server's tool)
 */
public record CallTitle(String tool, String argument, String body, boolean onlyJson) {

    private static final ToolCatalog BUILTINS = BuiltinTools.catalog();
    /** A command longer than this goes in the body, where the terminal can wrap it. */
    private static final int SHORT_COMMAND = 60;
    /** Arguments or a one-line body up to this width go in the header. */
    public static final int SHORT_DETAIL = 60;
    /** Tools whose body is code to run: their header shows its first line after a colon. */
    private static final java.util.List<String> CODE_TOOLS = java.util.List.of("shell", "ipython", "jshell");

    /** How the header reads after the tool's name. */
    public enum Shape {
        /** {@code tool: {"q": "bug"}}: short named arguments, nothing below. */
        SHORT_JSON,
        /** {@code tool: the one line}: a body of one short line, nothing below. */
        ONE_LINE,
        /** {@code save path} or {@code shell: the command}, the body below. */
        ARGUMENT,
        /** {@code ipython: first line …}: code without an argument, the body below. */
        FIRST_LINE,
        /** Just the tool. */
        TOOL
    }

    public static CallTitle of(ToolUse use) {
        ToolSpec spec = BUILTINS.resolve(use.tool()).orElse(null);
        Map<String, Object> named = new LinkedHashMap<>(use.kwargs());
        String argument = use.args().isEmpty() ? take(named, argumentName(spec)) : String.join(" ", use.args());
        String body = use.content() != null ? use.content()
                : spec == null ? null : spec.bodyParameter().map(p -> take(named, p.name())).orElse(null);
        boolean onlyJson = false;
        if (!named.isEmpty()) { // arguments the header and body don't show, e.g. an MCP tool's
            String json = Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(named);
            onlyJson = body == null;
            body = body == null ? json : body.stripTrailing() + "\n" + json;
        }
        if (use.tool().equals("shell") && argument == null && body != null && isShortLine(body.strip())) {
            return new CallTitle(use.tool(), body.strip(), null, false);
        }
        return new CallTitle(use.tool(), argument, body, onlyJson);
    }

    /** The tool and its main argument: {@code save README.md}, {@code shell ls}. */
    public String header() {
        return argument == null || argument.isBlank() ? tool : tool + " " + argument;
    }

    /**
     * Which shape the header takes for {@code use}, this being its title: short named arguments
     * ({@code shortJson}, compact) and a body of one line fit in it when they are at most {@link
     * #SHORT_DETAIL} wide by {@code width}.
     */
    public Shape shape(String shortJson, ToIntFunction<String> width) {
        if (onlyJson && argument == null && shortJson != null && width.applyAsInt(shortJson) <= SHORT_DETAIL) {
            return Shape.SHORT_JSON;
        }
        boolean hasArgument = argument != null && !argument.isBlank();
        int lines = bodyLines();
        if (!hasArgument && lines == 1 && width.applyAsInt(body.strip()) <= SHORT_DETAIL) {
            return Shape.ONE_LINE;
        }
        if (hasArgument) {
            return Shape.ARGUMENT;
        }
        return isCode() && lines > 0 ? Shape.FIRST_LINE : Shape.TOOL;
    }

    /** Whether the body is code that runs (its header says {@code tool: …}). */
    public boolean isCode() {
        return CODE_TOOLS.contains(tool);
    }

    /** How many lines the body has (0 without one); CRLF and a lone CR end a line too. */
    public int bodyLines() {
        if (body == null || body.isBlank()) {
            return 0;
        }
        return body.stripTrailing().split("\r\n|\r|\n", -1).length;
    }

    /** The body's first line, with "…" when more follow. */
    public String firstLine() {
        String stripped = body == null ? "" : body.strip();
        int nl = stripped.indexOf('\n');
        return nl < 0 ? stripped : stripped.substring(0, nl) + " …";
    }

    /**
     * The whole title in plain text, as the terminal UI's header reads: {@code save README.md · 46
     * lines}, {@code shell: npm test}, {@code github.search: {"q":"bug"}}.
     */
    public String text(ToolUse use) {
        String json = Json.write(use.kwargs());
        Shape shape = shape(json, String::length);
        int lines = bodyLines();
        return switch (shape) {
            case SHORT_JSON -> tool + ": " + json;
            case ONE_LINE -> tool + ": " + body.strip();
            case ARGUMENT -> tool + (isCode() ? ": " : " ") + argument + lines(lines);
            case FIRST_LINE -> tool + ": " + firstLine() + lines(lines);
            case TOOL -> tool + lines(lines);
        };
    }

    private static String lines(int n) {
        return n == 0 ? "" : String.format(java.util.Locale.ROOT, " · %,d %s", n, n == 1 ? "line" : "lines");
    }

    private static String argumentName(ToolSpec spec) {
        if (spec == null) {
            return "path";
        }
        return spec.argumentParameters().stream().map(Parameter::name).findFirst().orElse(null);
    }

    private static String take(Map<String, Object> named, String name) {
        if (name == null || !named.containsKey(name)) {
            return null;
        }
        Object value = named.remove(name);
        return value == null ? null : value instanceof String s ? s : Json.write(value);
    }

    private static boolean isShortLine(String command) {
        return command.indexOf('\n') < 0 && command.indexOf('\r') < 0 && command.length() <= SHORT_COMMAND;
    }
}
