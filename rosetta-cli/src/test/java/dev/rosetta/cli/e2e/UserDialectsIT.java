package dev.rosetta.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.rosetta.core.json.Json;

/**
 * Dialects a user describes as data, through the jar: {@code rosetta parse --dialects FILE} reads
 * them (and says where a malformed one is wrong, in one line, exit 2), and {@code [[dialects]]} in
 * the user's config.toml makes a chat run a call written in one — a project's file cannot.
 */
class UserDialectsIT extends EndToEnd {

    private static final String ACME = """
            [[dialects]]
            name = "acme"
            models = "Acme-7B"
            shape = "object"
            open = "<|acme_call|>"
            close = "<|acme_end|>"
            name-prefix = "call:"
            quote = "<|q|>"
            reasoning = [["<|acme_think|>", "<|acme_thought|>"]]
            """;

    /** Not JSON, so no other reader (schema-guided recognition included) would run it. */
    private static final String CALL = "<|acme_call|>call:shell{command:<|q|>echo e2e-marker-$((6*7))<|q|>}<|acme_end|>";

    @Test
    @SuppressWarnings("unchecked")
    void parseReadsADialectDescribedInAFile() throws IOException {
        Path dialects = Files.writeString(sandbox.workspace().resolve("dialects.toml"), ACME);
        Run run = sandbox.rosettaWithStdin("<|acme_think|>which?<|acme_thought|>\n" + CALL,
                "parse", "--format", "acme", "--dialects", dialects.toString());
        assertThat(run.exitCode()).as(run.toString()).isZero();
        List<Map<String, Object>> segments = (List<Map<String, Object>>) Json.readObject(run.stdout()).get("segments");
        assertThat(segments).filteredOn(s -> s.get("type").equals("call")).singleElement()
                .satisfies(s -> assertThat(s).containsEntry("dialect", "acme").containsEntry("tool", "shell"));
        assertThat(segments).anyMatch(s -> s.get("type").equals("thinking"));
    }

    @Test
    void aMalformedDescriptionIsOneLineNamingItsPlaceAndExitTwo() throws IOException {
        Path dialects = Files.writeString(sandbox.workspace().resolve("dialects.toml"),
                ACME.replace("shape = \"object\"", "shape = \"objet\""));
        Run run = sandbox.rosettaWithStdin("hi", "parse", "--dialects", dialects.toString());
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.stdout()).isEmpty();
        assertThat(run.stderr().strip()).isEqualTo("rosetta parse: " + dialects + ":4:1: dialects[1].shape: 'objet' is"
                + " not a shape; use one of json, header-json, tags, key-value, python, object, code, thought");
    }

    @Test
    void aChatRunsACallInADialectOfTheUsersConfig() throws IOException {
        Files.createDirectories(sandbox.userConfig());
        Files.writeString(sandbox.userConfig().resolve("config.toml"), ACME);
        model.script(new ScriptedReply.Streamed(Format.pieces("Running it.\n" + CALL), List.of()),
                ScriptedReply.text("The marker is 42."));

        Run run = sandbox.rosetta("-n", "-m", Api.CHAT_COMPLETIONS.model(), "--tool-format", "hermes", "print the marker");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        List<WireRequest> requests = requestsTo(Api.CHAT_COMPLETIONS);
        assertThat(requests).hasSize(2);
        assertThat(requests.get(1).messages().getLast()).contains("e2e-marker-42");
        assertThat(run.stdout()).contains("The marker is 42.").doesNotContain("<|acme_call|>");
    }

    @Test
    void aProjectsDialectDoesNotMakeTheModelsTextRun() throws IOException {
        Files.writeString(sandbox.workspace().resolve("rosetta.toml"), ACME);
        model.script(new ScriptedReply.Streamed(Format.pieces("Running it.\n" + CALL), List.of()));

        Run run = sandbox.rosetta("-n", "-m", Api.CHAT_COMPLETIONS.model(), "--tool-format", "hermes", "print the marker");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(requestsTo(Api.CHAT_COMPLETIONS)).hasSize(1);
        assertThat(run.stderr()).contains("[[dialects]] in a project's file is ignored");
    }
}
