package dev.rosetta.agent.config;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import dev.rosetta.core.RosettaException;
import tools.jackson.core.JacksonException;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.core.exc.StreamConstraintsException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.dataformat.toml.TomlMapper;

/**
 * A parsed TOML file and where its keys are, so every problem in it — of syntax or of meaning —
 * is reported as one line: {@code <file>:<line>:<column>: <problem>}.
 */
public record TomlDocument(Path file, ObjectNode root, KeyLocations locations) {

    private static final TomlMapper MAPPER = TomlMapper.builder().build();

    /** The file parsed, or empty when it does not exist. */
    public static Optional<TomlDocument> read(Path file) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (CharacterCodingException e) {
            throw new RosettaException(file + ": not UTF-8 text; save it as UTF-8");
        } catch (IOException e) {
            throw new RosettaException("could not read " + file + ": " + e.getMessage(), e);
        }
        return Optional.of(parse(file, text));
    }

    public static TomlDocument parse(Path file, String text) {
        String body = text.startsWith("\uFEFF") ? text.substring(1) : text;
        KeyLocations locations = KeyLocations.of(body);
        JsonNode root;
        try {
            root = MAPPER.readTree(body);
        } catch (StreamConstraintsException e) {
            throw tooDeep(file, body, e);
        } catch (JacksonException e) {
            String where = "Duplicate key".equals(e.getOriginalMessage()) && locations.firstRepeat().isPresent()
                    ? file + ":" + locations.firstRepeat().get().line() + ":" + locations.firstRepeat().get().column()
                    : where(file, e.getLocation());
            throw new RosettaException(where + ": invalid TOML: " + explain(e.getOriginalMessage()), e);
        }
        ObjectNode object = root instanceof ObjectNode o ? o : MAPPER.createObjectNode();
        return new TomlDocument(file, object, locations);
    }

    /**
     * Jackson stops a document nested deeper than its limit without saying where; the place is
     * found by counting. Its other limits (a number of a thousand digits) keep its own words.
     */
    private static RosettaException tooDeep(Path file, String body, StreamConstraintsException e) {
        int limit = MAPPER.tokenStreamFactory().streamReadConstraints().getMaxNestingDepth();
        TomlDepth.Deepest deepest = TomlDepth.of(body, limit);
        if (deepest.levels() < limit / 2) {
            return new RosettaException(where(file, e.getLocation()) + ": invalid TOML: " + e.getOriginalMessage(), e);
        }
        return new RosettaException(file + ":" + deepest.where().line() + ":" + deepest.where().column()
                + ": invalid TOML: nested too deep (more than " + limit + " levels of tables, arrays and dotted keys);"
                + " a config needs a few", e);
    }

    /** A problem with the value at {@code path}, located as well as the text allows. */
    public RosettaException error(List<String> path, String problem) {
        return new RosettaException(where(path) + ": " + problem);
    }

    /** {@code file:line:column}, or just the file when the key was not found in the text. */
    public String where(List<String> path) {
        return locations.find(path).map(l -> file + ":" + l.line() + ":" + l.column()).orElse(file.toString());
    }

    private static String where(Path file, TokenStreamLocation location) {
        if (location == null || location.getLineNr() < 1) {
            return file.toString();
        }
        return file + ":" + location.getLineNr() + (location.getColumnNr() > 0 ? ":" + location.getColumnNr() : "");
    }

    /** Jackson's TOML messages are terse; the common ones get a hint at the usual cause. */
    private static String explain(String message) {
        String m = message == null ? "unreadable" : message.strip();
        String hint = switch (m) {
            case "Newline not permitted here" -> "a value is missing, or a string is not closed on its line";
            case "Duplicate key" -> "a key is set twice in the same table";
            case "Table redefined" -> "a [table] header appears twice";
            case "Unknown token" -> "text values need quotes, like key = \"value\"";
            default -> null;
        };
        return hint == null ? m : m + " (" + hint + ")";
    }
}
