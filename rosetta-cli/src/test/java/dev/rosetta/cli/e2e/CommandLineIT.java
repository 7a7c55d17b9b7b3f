package dev.rosetta.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import tools.jackson.databind.JsonNode;

/** The command line around the loop: JSON events, piped input, missing keys and wrong settings, secrets. */
class CommandLineIT extends EndToEnd {

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Format.class, names = {"MARKDOWN", "TOOL"})
    void jsonOutputIsOneObjectPerLineWithTheCallAndItsResult(Format format) {
        ModelCall shell = ModelCall.shell("echo e2e-marker-$((6*7))");
        model.script(format.reply("Running it.\n", shell), ScriptedReply.text("It printed 42."));

        Run run = sandbox.rosetta("-n", "-m", Api.CHAT_COMPLETIONS.model(), "--tool-format", format.id(),
                "--output-format", "json", "--stream-deltas", "print the marker");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        List<JsonNode> events = run.events();
        assertThat(events).allSatisfy(e -> assertThat(e.path("type").asString("")).isNotEmpty());
        JsonNode call = run.events("call").getFirst();
        assertThat(call.path("tool").asString()).isEqualTo("shell");
        JsonNode result = run.events("tool_result").getFirst();
        assertThat(result.path("output").asString()).contains("e2e-marker-42");
        assertThat(result.path("is_error").asBoolean()).isFalse();
        assertThat(result.path("call_id").asString()).isNotEmpty();
        if (format == Format.TOOL) {
            assertThat(call.path("call_id").asString()).isEqualTo(shell.id());
            assertThat(result.path("call_id").asString()).isEqualTo(shell.id());
        }
        String dialect = format == Format.TOOL ? "native" : format.id();
        assertThat(call.path("dialect").asString()).as("the dialect the log records").isEqualTo(dialect);
        assertThat(run.events("call_started").getFirst().path("dialect").asString()).isEqualTo(dialect);
        assertThat(sandbox.logLines()).anySatisfy(line -> assertThat(line).contains("\"dialect\":\"" + dialect + "\""));
        assertThat(run.events("message")).extracting(m -> m.path("role").asString())
                .containsExactly("user", "assistant", "system", "assistant");
        assertThat(run.events("usage")).hasSize(2);
        assertThat(run.stderr()).isEmpty();
    }

    @Test
    void pipedStdinJoinsThePromptAsAFencedBlock() {
        model.script(ScriptedReply.text("It is a list."));

        Run run = sandbox.rosettaWithStdin("first line\n```\ninside\n", "-n", "-m", Api.ANTHROPIC.model(),
                "what is this?");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(requestsTo(Api.ANTHROPIC).getFirst().messages())
                .containsExactly("user: what is this?\n\n````\nfirst line\n```\ninside\n````");
    }

    @Test
    void pipedStdinAloneIsThePrompt() {
        model.script(ScriptedReply.text("Hello."));

        Run run = sandbox.rosettaWithStdin("say hello", "-n", "-m", Api.CHAT_COMPLETIONS.model());

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(requestsTo(Api.CHAT_COMPLETIONS).getFirst().messages()).containsExactly("user: ```\nsay hello\n```");
    }

    @Test
    void aMissingApiKeyIsOneLineNamingTheVariable() {
        sandbox.env().remove("OPENAI_API_KEY");

        Run run = sandbox.rosetta("-n", "-m", "openai/gpt-4.1", "hello");

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
        assertThat(run.errorLines()).singleElement().satisfies(line -> assertThat(line).contains("OPENAI_API_KEY"));
        assertThat(model.requests()).isEmpty();
        assertThat(sandbox.conversations()).as("nothing created before the settings work").isEmpty();
    }

    @Test
    void noKeyAtAllIsOneLineNamingTheVariablesToSet() {
        sandbox.env().remove("OPENAI_API_KEY");
        sandbox.env().remove("ANTHROPIC_API_KEY");

        Run run = sandbox.rosetta("-n", "hello");

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
        assertThat(run.errorLines()).singleElement()
                .satisfies(line -> assertThat(line).contains("ANTHROPIC_API_KEY").contains("OPENAI_API_KEY"));
        assertThat(model.requests()).isEmpty();
    }

    @Test
    void helpAndDashCapitalVAreAnsweredWithoutAModel() {
        Run help = sandbox.rosetta("help");
        assertThat(help.exitCode()).as(help.toString()).isZero();
        assertThat(help.stdout()).startsWith("Usage: rosetta [OPTIONS] [PROMPT...]").contains("Environment:");
        Run version = sandbox.rosetta("-V");
        assertThat(version.exitCode()).as(version.toString()).isZero();
        assertThat(version.stdout()).startsWith("rosetta ");
        assertThat(model.requests()).isEmpty();
        assertThat(sandbox.conversations()).isEmpty();
    }

    @Test
    void aFormatThatIsNotOneIsTheOnlyErrorEvenWithoutAKey() {
        sandbox.env().remove("OPENAI_API_KEY");
        sandbox.env().remove("ANTHROPIC_API_KEY");

        Run run = sandbox.rosetta("-n", "--output-format", "yaml", "hello");

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
        assertThat(run.errorLines()).containsExactly(
                "rosetta: Invalid value for option '--output-format': unknown output format 'yaml'; use one of text, json",
                "Try 'rosetta --help' for more information.");
        assertThat(model.requests()).isEmpty();
    }

    @Test
    void nativeToolsOnAProviderWithoutThemIsBadUsage() {
        sandbox.env().put("GEMINI_API_KEY", "AIza-e2e" + Sandbox.KEY_MARK + "gemini");

        Run run = sandbox.rosetta("-n", "-m", "gemini/gemini-2.5-pro", "--tool-format", "tool", "hello");

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
        assertThat(run.errorLines()).containsExactly("rosetta: Provider 'gemini' doesn't support native tool calling;"
                + " use --tool-format native (the model's own text format), markdown or xml");
        assertThat(model.requests()).isEmpty();
    }

    @Test
    void toolsDoNotSeeTheApiKeys() {
        model.script(Format.MARKDOWN.reply("", ModelCall.shell(
                        "echo \"openai=${OPENAI_API_KEY:-unset} anthropic=${ANTHROPIC_API_KEY:-unset}\"")),
                ScriptedReply.text("Both unset."));

        Run run = sandbox.rosetta("-n", "-v", "-m", Api.ANTHROPIC.model(), "show the keys");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(ToolCallsIT.resultIn(requestsTo(Api.ANTHROPIC).get(1), Format.MARKDOWN))
                .contains("openai=unset anthropic=unset");
    }

    @Test
    void theApiKeyIsSentOnlyInItsHeader() {
        model.script(ScriptedReply.text("Hi."));
        Run run = sandbox.rosetta("-n", "-m", Api.CHAT_COMPLETIONS.model(), "hi");
        assertThat(run.exitCode()).as(run.toString()).isZero();

        WireRequest request = model.request(0);
        assertThat(request.headers()).containsIgnoringCase("authorization: Bearer " + Sandbox.OPENAI_KEY);
        assertThat(request.raw()).doesNotContain(Sandbox.KEY_MARK);
    }

    @Test
    void aRejectedKeyIsReportedWithoutTheKeyEvenWhenTheServerEchoesIt() {
        model.script(new ScriptedReply.Status(401, Map.of(),
                "Incorrect API key provided: " + Sandbox.OPENAI_KEY + ". You can find your API key at the dashboard."));

        Run run = sandbox.rosetta("-n", "-v", "-m", Api.CHAT_COMPLETIONS.model(), "hi");

        assertThat(run.exitCode()).as("a wrong key is the user's setup to fix: exit 2\n" + run).isEqualTo(2);
        assertThat(run.errorLines()).as(run.toString()).isNotEmpty();
        // The sandbox checks after every run that no output or file holds the key.
    }

    /**
     * Issue 10 #6: the log holds what the model read and what the tools printed, so it is as
     * private as the config: 0700 folders, 0600 files, the saved tool outputs too, and a log left
     * readable by an older Rosetta is tightened when resumed. Also {@code rosetta logs} in a log
     * folder that is a file is one line, not "RosettaException: …" (#18).
     */
    @Test
    void theLogsAreTheOwnersAloneAndTightenedWhenResumed() throws Exception {
        model.script(Format.MARKDOWN.reply("Listing.\n", ModelCall.shell("seq 1 200000")), ScriptedReply.text("Done."));
        Run first = sandbox.rosetta("-n", "-m", Api.CHAT_COMPLETIONS.model(), "--tool-format", "markdown", "count");
        assertThat(first.exitCode()).as(first.toString()).isZero();
        Path conversation = sandbox.conversation();
        assertThat(conversation.resolve("tool-outputs")).as("the long output was saved").isDirectory();
        assertOwnerOnly(sandbox.logs());

        try (Stream<Path> all = Files.walk(sandbox.logs())) {
            for (Path p : all.toList()) {
                Files.setPosixFilePermissions(p, PosixFilePermissions.fromString(Files.isDirectory(p) ? "rwxr-xr-x"
                        : "rw-r--r--"));
            }
        }
        model.script(ScriptedReply.text("Again."));
        Run resumed = sandbox.rosetta("-n", "-r", "again");
        assertThat(resumed.exitCode()).as(resumed.toString()).isZero();
        assertOwnerOnly(sandbox.logs());

        sandbox.env().put("ROSETTA_LOGS_HOME", Files.writeString(temp.resolve("a-file"), "x").toString());
        Run logs = sandbox.rosetta("logs");
        assertThat(logs.exitCode()).as(logs.toString()).isEqualTo(2);
        assertThat(logs.errorLines()).singleElement().asString().startsWith("rosetta: the log folder ")
                .doesNotContain("Exception");
    }

    private static void assertOwnerOnly(Path root) throws IOException {
        try (Stream<Path> all = Files.walk(root)) {
            for (Path p : all.toList()) {
                String mode = PosixFilePermissions.toString(Files.getPosixFilePermissions(p));
                assertThat(mode).as(p.toString()).isEqualTo(Files.isDirectory(p) ? "rwx------" : "rw-------");
            }
        }
    }
}
