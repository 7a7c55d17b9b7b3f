package dev.rosetta.tools.mcp;

import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import dev.rosetta.core.size.ByteSize;
import dev.rosetta.core.text.Shortened;
import dev.rosetta.core.tool.Parameter;
import dev.rosetta.core.tool.SchemaParameters;
import dev.rosetta.core.tool.ToolSpec;
import io.modelcontextprotocol.spec.McpSchema;

/**
 * A server's tool as Rosetta declares it: named {@code SERVER.TOOL} (native APIs see
 * {@code SERVER__TOOL}, or a name of its own where that would not do: {@link ToolSpec#nativeName}), described by the server's text cut to 1024 characters, its top-level
 * properties as named parameters (so the text dialects can list them and type what they carry),
 * and its {@code inputSchema} kept whole for native APIs and for checking a call's arguments.
 */
final class McpToolSpecs {

    /** What a native API takes as a description; the built-in tools' limit too. */
    static final int DESCRIPTION_LIMIT = 1024;
    /** The longest tool name MCP allows; a longer one is refused, not cut (a call must name it exactly). */
    static final int NAME_LIMIT = 128;
    /**
     * The most characters a tool's {@code inputSchema} may take, counted as its JSON's names and
     * values: the schema goes whole into every request, and the largest real ones are a few KB.
     */
    static final int SCHEMA_LIMIT = 64 << 10;
    /** How much of a refused name a message shows. */
    private static final int NAME_SHOWN = 60;
    private static final Pattern TOOL_NAME = Pattern.compile("[A-Za-z0-9_.-]+");

    private McpToolSpecs() {}

    /**
     * Why Rosetta cannot offer {@code tool}, or null when it can. Native APIs get a name of their
     * own for a tool whose {@code SERVER__TOOL} would be too long or not tell it from another
     * ({@link ToolSpec#nativeName}), so only what the text dialects cannot call is refused.
     */
    static String problem(String server, McpSchema.Tool tool) {
        String name = tool.name();
        if (name == null || name.isEmpty()) {
            return "a tool without a name";
        }
        if (name.length() > NAME_LIMIT) {
            return "'" + Shortened.cut(name, NAME_SHOWN) + "' is longer than the " + NAME_LIMIT
                    + " characters MCP allows a tool's name";
        }
        if (!TOOL_NAME.matcher(name).matches()) {
            return "'" + name + "' is not a name Rosetta can call (letters, digits, '_', '.' and '-')";
        }
        if (size(tool.inputSchema(), SCHEMA_LIMIT) > SCHEMA_LIMIT) {
            return "'" + name + "': its input schema is larger than the " + ByteSize.of(SCHEMA_LIMIT)
                    + " one tool may declare (it goes into every request)";
        }
        return null;
    }

    /** About how many characters {@code value} takes as JSON, counted only until it passes {@code limit}. */
    private static long size(Object value, long limit) {
        return switch (value) {
            case null -> 4;
            case Map<?, ?> map -> {
                long total = 2;
                for (var entry : map.entrySet()) {
                    total += String.valueOf(entry.getKey()).length() + 4 + size(entry.getValue(), limit - total);
                    if (total > limit) {
                        break;
                    }
                }
                yield total;
            }
            case List<?> list -> {
                long total = 2;
                for (Object item : list) {
                    total += 1 + size(item, limit - total);
                    if (total > limit) {
                        break;
                    }
                }
                yield total;
            }
            case String text -> text.length() + 2;
            default -> String.valueOf(value).length();
        };
    }

    static ToolSpec of(String server, McpSchema.Tool tool) {
        String name = server + "." + tool.name();
        Map<String, Object> schema = tool.inputSchema() == null ? Map.of("type", "object") : tool.inputSchema();
        return new ToolSpec(name, description(tool), "", parameters(schema), List.of(name), List.of(), List.of(),
                schema);
    }

    private static String description(McpSchema.Tool tool) {
        String text = tool.description() == null || tool.description().isBlank()
                ? (tool.title() == null ? "" : tool.title())
                : tool.description().strip();
        return text.length() <= DESCRIPTION_LIMIT ? text : text.substring(0, DESCRIPTION_LIMIT - 1) + "…";
    }

    static List<Parameter> parameters(Map<String, Object> schema) {
        return SchemaParameters.of(schema);
    }
}
