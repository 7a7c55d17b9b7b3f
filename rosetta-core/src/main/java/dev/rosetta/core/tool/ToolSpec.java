package dev.rosetta.core.tool;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A tool, declared once: what it does, its parameters, the markdown tags that call it, the
 * tags a model may mean for it that deliberately do not run it, and worked examples. Every
 * dialect describes and reads the tool from this one declaration.
 *
 * @param name         the tool's name (native calls, {@code <tool-use>} elements)
 * @param description  one or two sentences
 * @param instructions how to use it well (may be empty)
 * @param parameters   in order; at most one {@link Parameter.Slot#BODY}
 * @param blockTypes   markdown tags that call it; the first is how dialects spell it
 * @param aliases      tags models use for it that are not run, e.g. {@code python} for
 *                     {@code ipython}: a block with one could be an example, not a request
 * @param examples     worked examples, rendered by every dialect
 * @param schema       the tool's own JSON Schema for its arguments, kept whole (an MCP server's
 *                     {@code inputSchema}), or null when the schema is derived from the parameters
 */
public record ToolSpec(
        String name,
        String description,
        String instructions,
        List<Parameter> parameters,
        List<String> blockTypes,
        List<String> aliases,
        List<Example> examples,
        Map<String, Object> schema) {

    /** Text dialects call a tool by its tag ({@code github.search}); native APIs allow no dots. */
    private static final String NATIVE_SEPARATOR = "__";
    /** The longest name native tool APIs take. */
    public static final int NATIVE_NAME_LIMIT = 64;
    private static final Pattern NATIVE_CHARACTERS = Pattern.compile("[A-Za-z0-9_.-]+");
    /** Hex digits of a hashed native name: two of a million tools share one with a chance below one in two million. */
    private static final int HASH_DIGITS = 10;

    public ToolSpec {
        Objects.requireNonNull(name, "name");
        description = description == null ? "" : description;
        instructions = instructions == null ? "" : instructions;
        parameters = List.copyOf(parameters);
        blockTypes = blockTypes == null || blockTypes.isEmpty() ? List.of(name) : List.copyOf(blockTypes);
        aliases = aliases == null ? List.of() : List.copyOf(aliases);
        examples = examples == null ? List.of() : List.copyOf(examples);
        if (parameters.stream().filter(p -> p.slot() == Parameter.Slot.BODY).count() > 1) {
            throw new IllegalArgumentException(name + ": at most one parameter can be the body");
        }
        schema = schema == null ? null : Collections.unmodifiableMap(new LinkedHashMap<>(schema));
    }

    /** A tool whose schema is derived from its parameters, as every built-in tool's is. */
    public ToolSpec(String name, String description, String instructions, List<Parameter> parameters,
            List<String> blockTypes, List<String> aliases, List<Example> examples) {
        this(name, description, instructions, parameters, blockTypes, aliases, examples, null);
    }

    /**
     * A tool known only by name, as a program reading calls to its own tools may declare one: its tag is its
     * name, its arguments are words and its body is its content.
     */
    public static ToolSpec named(String name) {
        return new ToolSpec(name, "", "", List.of(), List.of(name), List.of(), List.of());
    }

    /** The tag dialects write for this tool. */
    public String tag() {
        return blockTypes.get(0);
    }

    /**
     * The name native tool APIs call this tool by. Those APIs take {@code ^[a-zA-Z0-9_-]{1,64}$}
     * (OpenAI's and Anthropic's rule alike), so a tag's dots are spelled {@code __}
     * ({@code github.search} is {@code github__search}) when that can be read back as only this
     * tag; any other tag — one holding {@code __} itself, an underscore beside a dot, two dots in
     * a row, another character, or too long — gets a name of its own: its allowed characters,
     * cut short, then {@code ___} and a hash of the tag ({@code evil__a__b___3f9a0c1b27}). Two
     * different tags never get one name ({@code evil.a.b} and {@code evil.a__b} were both
     * {@code evil__a__b}, and an API refuses a request declaring one name twice), and every
     * provider uses this one rule.
     */
    public String nativeName() {
        return nativeName(tag());
    }

    /** {@code tag} as a native function name; see {@link #nativeName()}. */
    public static String nativeName(String tag) {
        String plain = tag.replace(".", NATIVE_SEPARATOR);
        return readsBack(tag) && plain.length() <= NATIVE_NAME_LIMIT ? plain : hashedName(tag);
    }

    /**
     * Whether the dots-as-{@code __} spelling of {@code tag} reads back as it alone: then every
     * {@code __} of the name is a dot, and its underscores never run three long (the mark of a
     * hashed name).
     */
    private static boolean readsBack(String tag) {
        return NATIVE_CHARACTERS.matcher(tag).matches() && !tag.contains(NATIVE_SEPARATOR) && !tag.contains("_.")
                && !tag.contains("._") && !tag.contains("..");
    }

    private static String hashedName(String tag) {
        StringBuilder name = new StringBuilder();
        for (int i = 0; i < tag.length() && name.length() < NATIVE_NAME_LIMIT - 3 - HASH_DIGITS; i++) {
            char c = tag.charAt(i);
            name.append(c < 128 && (Character.isLetterOrDigit(c) || c == '-') ? c : '_');
        }
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(tag.getBytes(StandardCharsets.UTF_8));
            return name.append("___").append(HexFormat.of().formatHex(hash), 0, HASH_DIGITS).toString();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java has SHA-256", e);
        }
    }

    public Optional<Parameter> parameter(String parameterName) {
        return parameters.stream().filter(p -> p.name().equals(parameterName)).findFirst();
    }

    public List<Parameter> argumentParameters() {
        return parameters.stream().filter(p -> p.slot() == Parameter.Slot.ARGUMENT).toList();
    }

    public Optional<Parameter> bodyParameter() {
        return parameters.stream().filter(p -> p.slot() == Parameter.Slot.BODY).findFirst();
    }

    /**
     * Whether the text after the tag is one argument (a path may hold spaces) rather than
     * words: true exactly when the tool takes one positional argument.
     */
    public boolean takesWholeLine() {
        return argumentParameters().size() == 1;
    }

    /**
     * Whether the body is a file's text (save, append, patch): the tool takes one positional
     * argument, the path, and a body it cannot do without. A README's text nearly always holds
     * fenced blocks of its own, a command's rarely does, so the markdown reader reads a bare
     * inner fence differently in the two (docs/DIALECTS.md, "The ambiguous bare inner fence").
     */
    public boolean bodyIsFileText() {
        return takesWholeLine() && bodyParameter().filter(Parameter::required).isPresent();
    }

    /**
     * {@code text}, a value a dialect carried untyped, as the JSON value this tool's declared type
     * for {@code parameterName} makes it (integer, number, boolean, null, array or object), or the
     * text unchanged when it is not of that type or the parameter is a string or undeclared.
     */
    public Object typedValue(String parameterName, String text) {
        return ArgumentBinder.typedText(this, parameterName, text);
    }

    /**
     * The parameters as a JSON Schema object, as native tool APIs and the prompts of open models
     * show them: {@code {"type":"object","properties":{…},"required":[…],"additionalProperties":…}}.
     * A tool without declared parameters accepts any. A tool with its own {@link #schema()}
     * returns that, whole.
     */
    public Map<String, Object> jsonSchema() {
        if (schema != null) {
            return schema;
        }
        Map<String, Object> properties = new LinkedHashMap<>();
        List<String> required = new ArrayList<>();
        for (Parameter p : parameters) {
            Map<String, Object> property = new LinkedHashMap<>();
            property.put("type", p.type());
            if (!p.description().isEmpty()) {
                property.put("description", p.description());
            }
            properties.put(p.name(), property);
            if (p.required()) {
                required.add(p.name());
            }
        }
        Map<String, Object> schema = new LinkedHashMap<>();
        schema.put("type", "object");
        schema.put("properties", properties);
        schema.put("required", required);
        schema.put("additionalProperties", parameters.isEmpty());
        return schema;
    }

    /**
     * Why named {@code arguments} do not fit this tool's declaration — a missing required parameter,
     * an undeclared one, a value of another type that binding cannot turn into it, a value outside
     * its {@code enum} — or empty when they fit. How a call in a wrapper no dialect describes is
     * told from JSON that merely names a tool.
     */
    public Optional<String> argumentProblem(Map<String, Object> arguments) {
        Map<String, Object> bound;
        try {
            bound = bind(ToolUse.named(name, arguments, null)).values();
        } catch (InvalidArgumentsException e) {
            return Optional.of(e.getMessage());
        }
        if (!(jsonSchema().get("properties") instanceof Map<?, ?> properties)) {
            return Optional.empty();
        }
        for (Map.Entry<String, Object> e : bound.entrySet()) {
            if (properties.get(e.getKey()) instanceof Map<?, ?> property && property.get("enum") instanceof List<?> allowed
                    && !allowed.contains(e.getValue()) && !allowed.contains(String.valueOf(e.getValue()))) {
                return Optional.of(name + ": '" + e.getKey() + "' must be one of " + allowed + ", got " + e.getValue());
            }
        }
        return Optional.empty();
    }

    /** The call's arguments by parameter name, typed and checked against this declaration. */
    public Arguments bind(ToolUse use) {
        return ArgumentBinder.bind(this, use);
    }
}
