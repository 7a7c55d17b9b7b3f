package dev.rosetta.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;

import dev.rosetta.core.json.Json;
import dev.rosetta.tools.schema.SchemaCheck;
import tools.jackson.databind.JsonNode;

/**
 * The headless protocol through the jar, as a program drives it (docs/HEADLESS.md): the versioned
 * schema against every kind of event Rosetta writes, a conversation held over stdin with questions
 * answered by id, and the run's last event.
 */
class HeadlessIT extends EndToEnd {

    private static final Path SCHEMA = Path.of("../docs/headless-events.schema.json");
    private static final String MODEL = "openai/gpt-4.1";

    private static Map<String, Object> schema() throws IOException {
        return Json.readObject(Files.readString(SCHEMA));
    }

    /** The event types the schema declares. */
    private static Set<String> declaredTypes() throws IOException {
        Set<String> types = new TreeSet<>();
        JsonNode defs = Json.MAPPER.readTree(Files.readString(SCHEMA)).get("$defs");
        Json.MAPPER.readTree(Files.readString(SCHEMA)).get("oneOf").forEach(ref -> {
            String name = ref.get("$ref").asString().substring("#/$defs/".length());
            types.add(name);
            assertThat(defs.has(name)).as(name).isTrue();
        });
        return types;
    }

    private static String line(Object... fields) {
        Map<String, Object> o = new java.util.LinkedHashMap<>();
        for (int i = 0; i < fields.length; i += 2) {
            o.put((String) fields[i], fields[i + 1]);
        }
        return Json.write(o);
    }

    private static String user(String text) {
        return line("type", "user", "text", text);
    }

    /**
     * Every kind of event, from a conversation that goes through all of them, each line checked
     * against the schema; and every type the schema declares was written.
     */
    @Test
    void everyEventKindRosettaWritesMatchesTheVersionedSchema() throws IOException {
        Files.writeString(sandbox.workspace().resolve("a.txt"), "old\n");
        model.script(
                ScriptedReply.text("<think>a plan</think>The shape:\n```js\nlet a = 1\n```\n```python\nprint(1)\n```\n"),
                Format.MARKDOWN.reply("Saving it.\n", ModelCall.save("a.txt", "new")),
                ScriptedReply.text("Done."));
        List<String> written = new ArrayList<>();
        try (Conversing rosetta = sandbox.converse("-m", MODEL, "--tool-format", "markdown", "--output-format", "json",
                "--input-format", "jsonl", "--stream-deltas")) {
            rosetta.send(user("change a.txt"));
            rosetta.send(user("/log")); // waits behind the turn: queued
            JsonNode permission = rosetta.next(e -> e.path("type").asString("").equals("question"));
            assertThat(permission.get("kind").asString()).isEqualTo("permission");
            rosetta.send(line("type", "answer", "id", permission.get("id").asString(), "decision", "yes"));
            rosetta.next(e -> e.path("type").asString("").equals("said")); // /log, after the turn
            rosetta.send(line("type", "answer", "id", "q99", "decision", "yes")); // no such question
            rosetta.next("input_error");
            rosetta.send(user("/replay"));
            rosetta.next("user_shown");
            rosetta.send(user("/undo"));
            JsonNode putBack = rosetta.next("question");
            assertThat(putBack.get("kind").asString()).isEqualTo("choice");
            rosetta.send(line("type", "answer", "id", putBack.get("id").asString(), "text", "y"));
            rosetta.next(e -> e.path("text").asString("").startsWith("took back"));
            rosetta.send(user("/impersonate"));
            JsonNode message = rosetta.next("question");
            assertThat(message.get("kind").asString()).isEqualTo("message");
            rosetta.send(line("type", "answer", "id", message.get("id").asString(), "text", "All is well."));
            rosetta.next(e -> e.path("type").asString("").equals("turn_ended")
                    && e.path("answer").asString("").equals("All is well."));
            Run run = rosetta.finish();
            assertThat(run.exitCode()).as(run.toString()).isZero();
            written.addAll(run.stdout().lines().toList());
        }
        assertThat(sandbox.workspace().resolve("a.txt")).hasContent("old");

        Map<String, Object> schema = schema();
        Set<String> types = new TreeSet<>();
        for (String line : written) {
            Map<String, Object> event = Json.readObject(line);
            assertThat(SchemaCheck.problem(schema, event)).as("%s", line).isNull();
            types.add((String) event.get("type"));
        }
        assertThat(types).as("the event types written").isEqualTo(declaredTypes());
    }
}
