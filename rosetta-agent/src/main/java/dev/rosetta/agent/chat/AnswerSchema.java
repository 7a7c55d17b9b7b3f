package dev.rosetta.agent.chat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.rosetta.core.RosettaException;
import dev.rosetta.core.json.Json;
import dev.rosetta.core.split.Segment;
import dev.rosetta.tools.schema.SchemaCheck;

/**
 * {@code --output-schema FILE}: the JSON Schema the run's final answer must match. The model is told
 * in the system prompt; an answer that is not one JSON value matching it is sent back with what is
 * wrong, at most {@link #RETRIES} times, before the turn ends {@code OUTPUT_INVALID}. An answer
 * written as one fenced block ({@code ```json … ```}) counts as the JSON inside it.
 *
 * @param schema the schema
 * @param file   where it was read from, for messages
 */
public record AnswerSchema(Map<String, Object> schema, Path file) {

    /** How many times the model is told what was wrong with its answer before the turn gives up. */
    public static final int RETRIES = 2;

    private static final Pattern FENCED = Pattern.compile("\\A(`{3,}|~{3,})[^\\n]*\\n(.*)\\n\\1\\s*\\z", Pattern.DOTALL);

    public AnswerSchema {
        schema = Map.copyOf(schema);
    }

    /** The schema in {@code file}: a JSON object the validator can use, else an error saying what is wrong. */
    public static AnswerSchema read(Path file) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new RosettaException("--output-schema: cannot read " + file + " (" + e.getMessage() + ")");
        }
        Map<String, Object> schema;
        try {
            schema = Json.readObject(text);
        } catch (RuntimeException e) {
            throw new RosettaException("--output-schema: " + file + " is not a JSON object; a JSON Schema is one,"
                    + " like {\"type\": \"object\", \"properties\": {…}}");
        }
        String problem = SchemaCheck.schemaProblem(schema);
        if (problem != null) {
            throw new RosettaException("--output-schema: " + file + " is not a JSON Schema: " + problem);
        }
        return new AnswerSchema(schema, file);
    }

    /** What the system prompt tells the model. */
    String instruction() {
        return "# The final answer\n\nThis run is read by a program. When the task is done, your last message must"
                + " be only one JSON value that matches this JSON Schema, with no text before or after it:\n\n"
                + Json.write(schema);
    }

    /** What is wrong with {@code answer} as the final answer, or null when it is a JSON value that matches. */
    String problem(String answer) {
        Object value;
        try {
            value = Json.read(json(answer));
        } catch (RuntimeException e) {
            return "it is not one JSON value (" + firstLine(e.getMessage()) + ")";
        }
        return SchemaCheck.problem(schema, value);
    }

    /** What the model is told after an answer that did not match. */
    String feedback(String problem) {
        return "Your final answer does not match the JSON Schema the user gave (--output-schema): " + problem
                + ". Answer again with only one JSON value that matches it:\n\n" + Json.write(schema);
    }

    /** The JSON of an answer: the text, or what its one fenced block holds. */
    public static String json(String answer) {
        String text = answer.strip();
        Matcher fenced = FENCED.matcher(text);
        return fenced.matches() ? fenced.group(2).strip() : text;
    }

    /** A reply's words: its prose, without its reasoning and its calls. */
    static String answer(List<Segment> segments, String text) {
        StringBuilder prose = new StringBuilder();
        boolean any = false;
        for (Segment s : segments) {
            if (s instanceof Segment.Prose p) {
                prose.append(p.text());
                any = true;
            }
        }
        return (any ? prose.toString() : segments.isEmpty() ? text : "").strip();
    }

    private static String firstLine(String message) {
        return message == null ? "unreadable" : message.lines().findFirst().orElse("unreadable");
    }
}
