package dev.rosetta.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.rosetta.core.RosettaException;
import dev.rosetta.core.json.Json;
import dev.rosetta.core.tool.Parameter;
import dev.rosetta.core.tool.ToolSpec;

/**
 * The tools of {@code rosetta parse --tool-schemas FILE}: an OpenAI-style {@code tools} array,
 * {@code [{"type": "function", "function": {"name", "description", "parameters"}}]}, as a chat
 * request sends it. Bare function objects and an object holding {@code "tools"} are read too.
 * Every parameter is named (it has no place on a fence line or in a body), and its JSON type
 * types the values a dialect carries as text.
 */
final class ToolSchemas {

    private static final String OPTION = "--tool-schemas";

    private ToolSchemas() {}

    static List<ToolSpec> read(String file) {
        Object json;
        try {
            json = Json.read(Files.readString(Path.of(file), StandardCharsets.UTF_8));
        } catch (IOException | InvalidPathException e) {
            throw new RosettaException("cannot read " + OPTION + " '" + file + "': " + reason(e));
        } catch (RuntimeException e) {
            throw new RosettaException(OPTION + " '" + file + "' is not JSON: " + firstLine(e.getMessage()));
        }
        if (json instanceof Map<?, ?> m && m.get("tools") instanceof List<?> tools) {
            json = tools;
        }
        List<?> entries = json instanceof List<?> list ? list : List.of(json);
        Map<String, ToolSpec> specs = new LinkedHashMap<>();
        for (int i = 0; i < entries.size(); i++) {
            ToolSpec spec = tool(entries.get(i), i + 1, file);
            if (specs.putIfAbsent(spec.name(), spec) != null) {
                throw new RosettaException(OPTION + " '" + file + "' declares the tool '" + spec.name() + "' twice");
            }
        }
        return List.copyOf(specs.values());
    }

    private static ToolSpec tool(Object entry, int n, String file) {
        Object function = entry instanceof Map<?, ?> m && m.get("function") instanceof Map<?, ?> f ? f : entry;
        if (!(function instanceof Map<?, ?> f) || !(f.get("name") instanceof String name) || name.isBlank()) {
            throw new RosettaException("entry " + n + " of " + OPTION + " '" + file + "' is not a function with a name,"
                    + " as in {\"type\": \"function\", \"function\": {\"name\": \"get_weather\", \"parameters\": {…}}}");
        }
        String description = f.get("description") instanceof String d ? d : "";
        return new ToolSpec(name.strip(), description, "", parameters(f.get("parameters")), null, null, null);
    }

    private static List<Parameter> parameters(Object schema) {
        if (!(schema instanceof Map<?, ?> s) || !(s.get("properties") instanceof Map<?, ?> properties)) {
            return List.of();
        }
        List<?> required = s.get("required") instanceof List<?> r ? r : List.of();
        List<Parameter> out = new ArrayList<>();
        for (Map.Entry<?, ?> p : properties.entrySet()) {
            String name = String.valueOf(p.getKey());
            Map<?, ?> property = p.getValue() instanceof Map<?, ?> m ? m : Map.of();
            String description = property.get("description") instanceof String d ? d : "";
            out.add(Parameter.named(name, type(property), description, required.contains(name)));
        }
        return out;
    }

    /** The property's JSON type: {@code "type": "integer"}, or the first that is not null of {@code ["integer", "null"]}; else string. */
    private static String type(Map<?, ?> property) {
        Object type = property.get("type");
        if (type instanceof String t) {
            return t;
        }
        if (type instanceof List<?> types) {
            for (Object t : types) {
                if (t instanceof String s && !s.equals("null")) {
                    return s;
                }
            }
        }
        return "string";
    }

    private static String reason(Exception e) {
        if (e instanceof NoSuchFileException) {
            return "no such file";
        }
        if (e instanceof InvalidPathException) {
            return "not a valid path";
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : firstLine(e.getMessage());
    }

    private static String firstLine(String text) {
        if (text == null) {
            return "unreadable";
        }
        int nl = text.indexOf('\n');
        return nl < 0 ? text : text.substring(0, nl);
    }
}
