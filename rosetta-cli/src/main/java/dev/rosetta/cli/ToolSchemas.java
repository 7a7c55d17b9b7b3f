package dev.rosetta.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;

import dev.rosetta.core.RosettaException;
import dev.rosetta.core.json.Json;
import dev.rosetta.core.tool.FunctionDeclarations;
import dev.rosetta.core.tool.ToolSpec;

/**
 * The tools of {@code rosetta parse --tool-schemas FILE}: an OpenAI-style {@code tools} array,
 * {@code [{"type": "function", "function": {"name", "description", "parameters"}}]}, as a chat
 * request sends it. Bare function objects and an object holding {@code "tools"} are read too.
 * Every parameter is named (it has no place on a fence line or in a body), its JSON type types
 * the values a dialect carries as text, and the schema is kept whole: a call recognised by the
 * tools' schemas must fit it ({@link FunctionDeclarations}).
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
        try {
            return FunctionDeclarations.read(json);
        } catch (IllegalArgumentException e) {
            throw new RosettaException(OPTION + " '" + file + "': " + e.getMessage());
        }
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
