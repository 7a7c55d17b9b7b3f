package dev.rosetta.cli.e2e;

import static dev.rosetta.cli.e2e.HeadlessIT.answer;
import static dev.rosetta.cli.e2e.HeadlessIT.user;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import tools.jackson.databind.JsonNode;

/**
 * An MCP server's form (elicitation) answered by a program over {@code --input-format jsonl}, through
 * the jar, with the reference {@code everything} server asking: the form is a {@code question} event
 * with its fields, and the program's answer is what the server gets.
 */
class HeadlessFormsIT extends EndToEnd {

    private static final String MODEL = "openai/gpt-4.1";
    private static final String ASK = "```everything.trigger-elicitation-request\n{}\n```\n";

    @BeforeEach
    void everythingServer() throws IOException {
        Files.createDirectories(sandbox.userConfig());
        Files.writeString(sandbox.userConfig().resolve("config.toml"), ReferenceServers.everythingToml("everything"));
    }

    private Conversing converse() {
        return sandbox.converse("-m", MODEL, "--tool-format", "markdown", "--output-format", "json",
                "--input-format", "jsonl");
    }

    /** Sends the message, approves the call and returns the form's question. */
    private static JsonNode formAsked(Conversing rosetta) {
        rosetta.next("init");
        rosetta.send(user("ask me for my details"));
        JsonNode call = rosetta.next("question");
        assertThat(call.get("kind").asString()).isEqualTo("permission");
        rosetta.send(answer(call, "decision", "yes"));
        return rosetta.next("question");
    }

    @Test
    void aProgramFillsInAServersFormOverStdinAndTheServerGetsItsValues() {
        model.script(ScriptedReply.text(ASK), ScriptedReply.text("Thanks, Ada."));
        try (Conversing rosetta = converse()) {
            JsonNode form = formAsked(rosetta);

            assertThat(form.get("kind").asString()).isEqualTo("form");
            assertThat(form.get("server").asString()).isEqualTo("everything");
            assertThat(form.get("message").asString()).contains("Please provide inputs");
            JsonNode name = field(form, "name");
            assertThat(name.get("type").asString()).isEqualTo("string");
            assertThat(name.get("required").asBoolean()).isTrue();
            JsonNode instruments = field(form, "untitledMultipleSelectEnum");
            assertThat(instruments.get("type").asString()).isEqualTo("array");
            assertThat(instruments.get("choices").toString()).contains("Piano");
            JsonNode hero = field(form, "titledSingleSelectEnum");
            assertThat(hero.get("choices").toString()).isEqualTo("[\"hero-1\",\"hero-2\",\"hero-3\"]");
            assertThat(hero.get("choice_titles").toString()).isEqualTo("[\"Superman\",\"Green Lantern\",\"Wonder Woman\"]");
            assertThat(field(form, "integer").get("limits").toString()).isEqualTo("{\"minimum\":1,\"maximum\":100}");
            assertThat(field(form, "email").get("limits").toString()).isEqualTo("{\"format\":\"email\"}");
            rosetta.send(answer(form, "action", "accept", "content", Map.of("name", "Ada", "integer", 7,
                    "untitledMultipleSelectEnum", List.of("Piano", "Drums"))));

            JsonNode result = rosetta.next("tool_result");
            assertThat(result.get("is_error").asBoolean()).as(result.toString()).isFalse();
            assertThat(result.get("output").asString()).contains("Name: Ada").contains("Favorite Integer: 7")
                    .containsPattern("\"untitledMultipleSelectEnum\":\\s*\\[\\s*\"Piano\",\\s*\"Drums\"\\s*]");
            assertThat(rosetta.next("turn_ended").get("answer").asString()).isEqualTo("Thanks, Ada.");
            Run run = rosetta.finish();
            assertThat(run.exitCode()).as(run.toString()).isZero();
        }
        assertThat(model.request(1).stringsContaining("Name: Ada")).isPositive();
    }

    @Test
    void aProgramDecliningAFormIsWhatTheServerHears() {
        model.script(ScriptedReply.text(ASK), ScriptedReply.text("Fine, no details."));
        try (Conversing rosetta = converse()) {
            JsonNode form = formAsked(rosetta);
            rosetta.send(answer(form, "action", "decline"));

            JsonNode answered = rosetta.next("answered");
            assertThat(answered.get("id").asString()).isEqualTo(form.get("id").asString());
            assertThat(rosetta.next("tool_result").get("output").asString()).contains("User declined");
            Run run = rosetta.finish();
            assertThat(run.exitCode()).as(run.toString()).isZero();
        }
    }

    private static JsonNode field(JsonNode form, String name) {
        for (JsonNode f : form.get("fields")) {
            if (f.get("name").asString().equals(name)) {
                return f;
            }
        }
        throw new AssertionError("the form has no field " + name + ": " + form);
    }
}
