package dev.rosetta.cli.render;

import java.util.LinkedHashMap;
import java.util.Map;

import dev.rosetta.core.json.Json;
import dev.rosetta.core.tool.BuiltinTools;
import dev.rosetta.core.tool.Parameter;
import dev.rosetta.core.tool.ToolCatalog;
import dev.rosetta.core.tool.ToolSpec;
import dev.rosetta.core.tool.ToolUse;

/**
 * What the screen shows of a call, the same whatever spelled it: a markdown fence and an xml
 * element arrive as positional arguments and a body, a native call as named arguments, and both
 * become the tool, its main argument (a path; a short one-line command) and a body in a language.
 * Nothing here is made safe yet: the renderer does that when it writes.
 *
 * @param tool     the tool's name
 * @param argument what goes in the header after the name, or null
 * @param body     the code or content, or null
 * @param language how to colour the body, or null
 */
public record CallView(String tool, String argument, String body, Language language) {

    private static final ToolCatalog BUILTINS = BuiltinTools.catalog();
    /** A command longer than this goes in the body, where the terminal can wrap it. */
    private static final int SHORT_COMMAND = 60;

    public static CallView of(ToolUse use) {
        ToolSpec spec = BUILTINS.resolve(use.tool()).orElse(null);
        Map<String, Object> named = new LinkedHashMap<>(use.kwargs());
        String argument = use.args().isEmpty() ? take(named, argumentName(spec)) : String.join(" ", use.args());
        String body = use.content() != null ? use.content()
                : spec == null ? null : spec.bodyParameter().map(p -> take(named, p.name())).orElse(null);
        Language language = languageOf(use.tool(), argument);
        if (!named.isEmpty()) { // arguments the header and body don't show, e.g. an MCP tool's
            String json = Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(named);
            language = body == null ? Language.JSON : language;
            body = body == null ? json : body.stripTrailing() + "\n" + json;
        }
        if (use.tool().equals("shell") && argument == null && body != null && isShortLine(body.strip())) {
            return new CallView(use.tool(), body.strip(), null, language);
        }
        return new CallView(use.tool(), argument, body, language);
    }

    /** The header: the tool and its main argument. */
    public String header() {
        return argument == null || argument.isBlank() ? tool : tool + " " + argument;
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

    private static Language languageOf(String tool, String path) {
        return switch (tool) {
            case "shell" -> Language.BASH;
            case "ipython" -> Language.PYTHON;
            case "jshell" -> Language.JAVA;
            case "patch" -> Language.PATCH;
            case "save", "append" -> Language.ofPath(path);
            default -> null;
        };
    }

    private static boolean isShortLine(String command) {
        return command.indexOf('\n') < 0 && command.indexOf('\r') < 0 && command.length() <= SHORT_COMMAND;
    }
}
