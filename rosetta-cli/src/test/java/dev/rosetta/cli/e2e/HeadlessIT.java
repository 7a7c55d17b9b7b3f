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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

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

    static String line(Object... fields) {
        Map<String, Object> o = new java.util.LinkedHashMap<>();
        for (int i = 0; i < fields.length; i += 2) {
            o.put((String) fields[i], fields[i + 1]);
        }
        return Json.write(o);
    }

    static String user(String text) {
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
            JsonNode impersonated = rosetta.next(e -> e.path("type").asString("").equals("message")
                    && e.path("role").asString("").equals("assistant"));
            assertThat(impersonated.get("content").asString()).isEqualTo("All is well.");
            rosetta.next("turn_ended");
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

    static String answer(JsonNode question, Object... fields) {
        Object[] all = new Object[fields.length + 4];
        all[0] = "type";
        all[1] = "answer";
        all[2] = "id";
        all[3] = question.get("id").asString();
        System.arraycopy(fields, 0, all, 4, fields.length);
        return line(all);
    }

    private static JsonNode last(Run run) {
        List<JsonNode> events = run.events();
        assertThat(events.getFirst().get("type").asString()).isEqualTo("init");
        JsonNode result = events.getLast();
        assertThat(result.get("type").asString()).as(run.toString()).isEqualTo("result");
        assertThat(result.get("exit_code").asInt()).as("the result's exit code").isEqualTo(run.exitCode());
        return result;
    }

    /**
     * Done means (issue 24): a program holds a conversation of two messages over stdin, approving one
     * call and declining another with a reason the model is told.
     */
    @Test
    void aProgramHoldsAConversationOverStdinApprovingOneCallAndDecliningAnother() throws IOException {
        model.script(
                Format.TOOL.reply("Writing the notes.\n", ModelCall.save("NOTES.md", "one\ntwo\n")),
                Format.TOOL.reply("Now the tests.\n", ModelCall.shell("touch tests-ran")),
                ScriptedReply.text("Skipped the tests, as you asked."),
                ScriptedReply.text("You are welcome."));
        try (Conversing rosetta = sandbox.converse("-m", MODEL, "--tool-format", "tool", "--output-format", "json",
                "--input-format", "jsonl")) {
            JsonNode init = rosetta.next("init");
            assertThat(init.get("input_format").asString()).isEqualTo("jsonl");
            rosetta.send(user("write the notes, then run the tests"));

            JsonNode save = rosetta.next("question");
            assertThat(save.get("kind").asString()).isEqualTo("permission");
            assertThat(save.get("tool").asString()).isEqualTo("save");
            assertThat(save.get("tool_name").asString()).isEqualTo("Write");
            rosetta.send(answer(save, "decision", "yes"));
            JsonNode saved = rosetta.next(e -> e.path("type").asString("").equals("tool_result")
                    && e.path("call_id").asString("").equals(save.get("call_id").asString()));
            assertThat(saved.get("is_error").asBoolean()).as(saved.toString()).isFalse();

            JsonNode shell = rosetta.next("question");
            assertThat(shell.get("tool_name").asString()).isEqualTo("Bash");
            assertThat(shell.get("id").asString()).isNotEqualTo(save.get("id").asString());
            rosetta.send(answer(shell, "decision", "no", "reason", "the tests take an hour; skip them"));
            JsonNode declined = rosetta.next("tool_result");
            assertThat(declined.get("call_id").asString()).isEqualTo(shell.get("call_id").asString());
            assertThat(declined.get("is_error").asBoolean()).isTrue();
            assertThat(declined.get("output").asString()).contains("the tests take an hour; skip them");
            JsonNode first = rosetta.next("turn_ended");
            assertThat(first.get("status").asString()).isEqualTo("done");
            assertThat(first.get("answer").asString()).isEqualTo("Skipped the tests, as you asked.");

            rosetta.send(user("thanks"));
            JsonNode second = rosetta.next("turn_ended");
            assertThat(second.get("answer").asString()).isEqualTo("You are welcome.");
            Run run = rosetta.finish();

            assertThat(run.exitCode()).as(run.toString()).isZero();
            JsonNode result = last(run);
            assertThat(result.get("status").asString()).isEqualTo("done");
            assertThat(result.get("messages").asInt()).isEqualTo(2);
            assertThat(result.get("turns").asInt()).isEqualTo(4);
            assertThat(result.get("final_message").asString()).isEqualTo("You are welcome.");
        }
        assertThat(sandbox.workspace().resolve("NOTES.md")).hasContent("one\ntwo");
        assertThat(sandbox.workspace().resolve("tests-ran")).doesNotExist();
        assertThat(model.request(2).stringsContaining("the tests take an hour; skip them")).isPositive();
        assertThat(model.request(3).messages()).last().isEqualTo("user: thanks");
    }

    @Test
    void aLineThatIsNoMessageEndsTheRunAsBadInputWithExitCode42() {
        Run run = sandbox.rosettaWithStdin("{\"type\": \"user\", \"txt\": \"hi\"}\n", "-m", MODEL,
                "--output-format", "json", "--input-format", "jsonl");

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(42);
        JsonNode error = run.events("input_error").getFirst();
        assertThat(error.get("fatal").asBoolean()).isTrue();
        assertThat(error.get("line").asInt()).isEqualTo(1);
        JsonNode result = last(run);
        assertThat(result.get("status").asString()).isEqualTo("failed");
        assertThat(result.get("reason").asString()).isEqualTo("bad_input");
        assertThat(model.requests()).isEmpty();
    }

    @Test
    void theDashPromptWithNothingPipedIsBadInputWithExitCode42() {
        Run run = sandbox.rosettaWithStdin("", "-n", "-m", MODEL, "-");

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(42);
        assertThat(run.errorLines()).as(run.toString()).singleElement()
                .satisfies(l -> assertThat(l).startsWith("rosetta: ").contains("stdin"));
        assertThat(model.requests()).isEmpty();
    }

    @Test
    void theDashPromptIsReadFromStdin() {
        model.script(ScriptedReply.text("A cat."));

        Run run = sandbox.rosettaWithStdin("what is in the box?\n", "-n", "-m", MODEL, "-");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.stdout()).contains("A cat.");
        assertThat(model.request(0).messages()).anySatisfy(m -> assertThat(m.strip()).isEqualTo("user: what is in the box?"));
    }

    @Test
    void maxTurnsStopsBeforeTheReplyPastItWithExitCode53() {
        model.script(Format.TOOL.reply("Looking.\n", ModelCall.shell("echo hi")));

        Run run = sandbox.rosetta("-n", "-y", "-m", MODEL, "--tool-format", "tool", "--output-format", "json",
                "--max-turns", "1", "say hi");

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(53);
        JsonNode result = last(run);
        assertThat(result.get("status").asString()).isEqualTo("max_turns");
        assertThat(result.get("turns").asInt()).isEqualTo(1);
        assertThat(run.events("tool_result")).as("the call of the last reply still ran").hasSize(1);
        assertThat(model.requests()).hasSize(1);
    }

    @Test
    void maxCostStopsBeforeARequestThatWouldPassItWithExitCode54() {
        Run run = sandbox.rosetta("-n", "-m", MODEL, "--output-format", "json", "--max-cost", "0.000001", "say hi");

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(54);
        JsonNode result = last(run);
        assertThat(result.get("status").asString()).isEqualTo("max_cost");
        assertThat(result.get("requests").asInt()).isZero();
        assertThat(result.get("error").asString()).contains("--max-cost");
        assertThat(model.requests()).isEmpty();
    }

    @Test
    void aModelThatFailsEndsWithExitCode55() {
        model.script(new ScriptedReply.Cut("The first half"));

        Run run = sandbox.rosetta("-n", "-m", MODEL, "--output-format", "json", "say something");

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(55);
        JsonNode result = last(run);
        assertThat(result.get("status").asString()).isEqualTo("failed");
        assertThat(result.get("reason").asString()).isEqualTo("model_failed");
    }

    @Test
    void anAnswerThatNeverMatchesTheOutputSchemaEndsWithExitCode56AfterTellingTheModelTwice() throws IOException {
        Path schema = sandbox.workspace().resolve("answer.schema.json");
        Files.writeString(schema, "{\"type\": \"object\", \"properties\": {\"answer\": {\"type\": \"string\"}},"
                + " \"required\": [\"answer\"]}");
        model.script(ScriptedReply.text("It is 42."), ScriptedReply.text("{\"answer\": 42}"),
                ScriptedReply.text("{\"answer\": 42}"));

        Run run = sandbox.rosetta("-n", "-m", MODEL, "--output-schema", schema.toString(), "what is the answer?");

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(56);
        assertThat(run.stdout()).as("no answer that does not match is printed").isEmpty();
        assertThat(model.requests()).hasSize(3);
        assertThat(model.request(2).strings()).anySatisfy(s -> assertThat(s).contains("answer"));
    }

    @Test
    void theAnswerMatchingTheOutputSchemaIsAloneOnStdoutAndWrittenToTheOutputFile() throws IOException {
        Path schema = sandbox.workspace().resolve("answer.schema.json");
        Files.writeString(schema, "{\"type\": \"object\", \"properties\": {\"answer\": {\"type\": \"string\"}},"
                + " \"required\": [\"answer\"]}");
        model.script(ScriptedReply.text("```json\n{\"answer\": \"42\"}\n```\n"));
        Path written = sandbox.workspace().resolve("answer.json");

        Run run = sandbox.rosetta("-n", "-m", MODEL, "--output-schema", schema.toString(), "-o", written.toString(),
                "what is the answer?");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.stdout()).isEqualTo("{\"answer\": \"42\"}\n");
        assertThat(written).hasContent("{\"answer\": \"42\"}");
        assertThat(model.request(0).systemPrompt()).contains("\"required\"");
    }

    @Test
    void anInterruptLineStopsTheReplyWithExitCode130() {
        model.script(new ScriptedReply.Endless("la "));
        try (Conversing rosetta = sandbox.converse("-m", MODEL, "--output-format", "json", "--input-format", "jsonl",
                "--stream-deltas")) {
            rosetta.send(user("sing"));
            rosetta.next("prose");
            rosetta.send(line("type", "interrupt"));
            JsonNode ended = rosetta.next("turn_ended");
            assertThat(ended.get("status").asString()).isEqualTo("interrupted");
            Run run = rosetta.finish();

            assertThat(run.exitCode()).as(run.toString()).isEqualTo(130);
            assertThat(last(run).get("status").asString()).isEqualTo("interrupted");
        }
    }

    /** Issue 24: a harness that leaves stdin open as a pipe (Node's spawn) waited forever, silently. */
    @Test
    void aPipeThatStaysSilentIsSaidOnStderrAndThePromptRunsOnceItCloses() {
        model.script(ScriptedReply.text("Hello."));
        try (Conversing rosetta = sandbox.converse("-n", "-m", MODEL, "hi")) {
            String said = rosetta.stderrWith("--no-stdin");
            assertThat(said).contains("waiting for input piped to stdin");
            Run run = rosetta.finish();

            assertThat(run.exitCode()).as(run.toString()).isZero();
            assertThat(run.stdout()).contains("Hello.");
        }
    }

    @Test
    void withNoStdinAPipeLeftOpenIsNeverRead() {
        model.script(ScriptedReply.text("Hello."));
        try (Conversing rosetta = sandbox.converse("-n", "--no-stdin", "-m", MODEL, "hi")) {
            Run run = rosetta.awaitEnd();

            assertThat(run.exitCode()).as(run.toString()).isZero();
            assertThat(run.stdout()).contains("Hello.");
            assertThat(run.stderr()).doesNotContain("stdin");
        }
    }

    /**
     * {@code --permission-tool}: an MCP server's tool decides each call, given what Claude Code's
     * {@code --permission-prompt-tool} is given; with JSON output and with text.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"json", "text"})
    void aPermissionToolDecidesEachCallAsClaudeCodesPermissionPromptToolDoes(String output) throws Exception {
        Path server = Path.of(getClass().getResource("/mcp/permission-server.py").toURI());
        // In the sandbox, as a user's stdio server runs by default: it may write only the workspace.
        Path asked = sandbox.workspace().resolve(".asked.jsonl");
        Files.createDirectories(sandbox.workspace().resolve("data"));
        model.script(Format.TOOL.reply("", ModelCall.shell("rm -rf data")),
                Format.TOOL.reply("", ModelCall.save("a.txt", "x\n")), ScriptedReply.text("Done."));

        Run run = sandbox.rosetta("-n", "-m", MODEL, "--tool-format", "tool", "--output-format", output,
                "--sandbox", "on", "--mcp", "guard=python3 " + server + " " + asked, "--permission-tool", "mcp__guard__check", "tidy up");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(sandbox.workspace().resolve("data")).isDirectory();
        assertThat(sandbox.workspace().resolve("a.txt")).hasContent("x");
        assertThat(model.request(1).stringsContaining("no rm -rf in this repository")).isPositive();
        List<JsonNode> questions = Files.readAllLines(asked).stream().map(Json.MAPPER::readTree).toList();
        assertThat(questions).hasSize(2);
        assertThat(questions.get(0).get("tool_name").asString()).isEqualTo("Bash");
        assertThat(questions.get(0).get("input").get("command").asString()).isEqualTo("rm -rf data");
        assertThat(questions.get(0).get("tool_use_id").asString()).isNotBlank();
        assertThat(questions.get(1).get("tool_name").asString()).isEqualTo("Write");
        assertThat(questions.get(1).get("input").get("file_path").asString())
                .isEqualTo(sandbox.workspace().toRealPath().resolve("a.txt").toString());
        if (output.equals("json")) {
            List<JsonNode> answered = run.events("answered");
            assertThat(answered).hasSize(2);
            assertThat(answered.get(0).get("answer").get("decision").asString()).isEqualTo("no");
        }
    }
}
