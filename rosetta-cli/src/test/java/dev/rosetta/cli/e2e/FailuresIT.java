package dev.rosetta.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

import dev.rosetta.core.testing.MachineRequirement;

/** What goes wrong on the way: a failing tool, a rate limit, a cut stream, calls that can't be read. */
class FailuresIT extends EndToEnd {

    @ParameterizedTest(name = "{0}")
    @EnumSource(Api.class)
    void aFailedToolCallReachesTheModelAsAnError(Api api) {
        ModelCall read = ModelCall.read("missing.txt");
        model.script(Format.TOOL.reply("Reading it.\n", read), ScriptedReply.text("It is not there."));

        Run run = sandbox.rosetta("-n", "-m", api.model(), "--tool-format", "tool", "read missing.txt");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        List<WireResult> results = requestsTo(api).get(1).results();
        assertThat(results).singleElement().satisfies(r -> {
            assertThat(r.callId()).isEqualTo(read.id());
            assertThat(r.output()).contains("missing.txt");
            if (api == Api.ANTHROPIC) {
                assertThat(r.isError()).as("tool_result is_error").isTrue();
            }
        });
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Api.class)
    void aRateLimitIsRetriedAfterTheWaitTheServerAsksFor(Api api) {
        model.script(ScriptedReply.rateLimited("0"), ScriptedReply.text("After ", "the wait."));

        Run run = sandbox.rosetta("-n", "-m", api.model(), "say something");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.stdout()).contains("After the wait.");
        List<WireRequest> requests = requestsTo(api);
        assertThat(requests).hasSize(2);
        assertThat(requests.get(1).raw()).as("the same request, sent again").isEqualTo(requests.get(0).raw());
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Api.class)
    void aStreamCutMidReplyExitsWithOneLineAndKeepsTheTextThatArrived(Api api) {
        model.script(new ScriptedReply.Cut("The first half of an answer"));

        Run run = sandbox.rosetta("-n", "-m", api.model(), "say something long");

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(55); // the model failed: its reply broke off
        assertThat(run.errorLines()).as(run.toString()).singleElement()
                .satisfies(line -> assertThat(line).startsWith("rosetta: "));
        assertThat(run.stdout()).contains("The first half of an answer");
        assertThat(sandbox.logLines()).anySatisfy(line -> assertThat(line)
                .contains("\"role\":\"assistant\"").contains("The first half of an answer"));
    }

    /**
     * Calls the model cannot mean as anything else. (A ```bash block ending the reply is told
     * about once a conversation, since it may be an example, and a fence in xml is code for the
     * user: neither fails a run. ExampleBlocksIT pins those.)
     */
    static Stream<Arguments> unreadableCalls() {
        String unclosed = "```shell\nls -la\n";
        return Stream.of(
                Arguments.of(Api.CHAT_COMPLETIONS, Format.MARKDOWN, unclosed, "end the block with a line of ```"),
                Arguments.of(Api.RESPONSES, Format.MARKDOWN, unclosed, "end the block with a line of ```"),
                Arguments.of(Api.ANTHROPIC, Format.MARKDOWN, unclosed, "end the block with a line of ```"),
                Arguments.of(Api.CHAT_COMPLETIONS, Format.XML, "<tool-use>\n<shell>\nls -la\n", "</shell>"),
                Arguments.of(Api.ANTHROPIC, Format.TOOL, "@shell: {\"command\": \"ls", "never closed"));
    }

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("unreadableCalls")
    void callsThatCannotBeReadAreExplainedThreeTimesThenTheRunFails(Api api, Format format, String reply,
            String advice) {
        for (int i = 0; i < 4; i++) {
            model.script(ScriptedReply.text("Let me look.\n", reply));
        }

        Run run = sandbox.rosetta("-n", "-m", api.model(), "--tool-format", format.id(), "list the files");

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
        assertThat(run.errorLines()).as(run.toString()).singleElement()
                .satisfies(line -> assertThat(line).startsWith("rosetta: ").contains("3 times"));
        List<WireRequest> requests = requestsTo(api);
        assertThat(requests).hasSize(4);
        for (int i = 0; i < 4; i++) {
            List<String> feedback = requests.get(i).strings().stream()
                    .filter(s -> s.contains("Nothing ran from these parts of your last message")).toList();
            assertThat(feedback).as("feedback in request %d", i + 1).hasSize(i)
                    .allSatisfy(text -> assertThat(text).contains(advice));
        }
    }

    /** Issue 10 #3: the HTTP client refused the header and quoted it, "Bearer sk-…^A" and all. */
    @Test
    void aKeyHoldingAControlCharacterIsOneLineNamingTheVariableNeverTheKey() {
        sandbox.env().put("OPENAI_API_KEY", Sandbox.OPENAI_KEY + "\u0001");

        Run run = sandbox.rosetta("-n", "-m", Api.CHAT_COMPLETIONS.model(), "hi");

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
        assertThat(run.errorLines()).as(run.toString()).containsExactly("rosetta: the value of OPENAI_API_KEY holds a"
                + " control character (character " + (Sandbox.OPENAI_KEY.length() + 1) + "), which no API key has; set"
                + " OPENAI_API_KEY again, copied without it");
        assertThat(model.requests()).isEmpty();
    }

    /** A full disk: the log is a link to /dev/full, where every write fails with ENOSPC. */
    @Test
    void aMessageTheLogCannotTakeIsExitOneWithOneLineAndIsNeverSent() throws Exception {
        model.script(ScriptedReply.text("Hello."));
        Run first = sandbox.rosetta("-n", "--name", "full", "-m", Api.CHAT_COMPLETIONS.model(), "hi");
        assertThat(first.exitCode()).as(first.toString()).isZero();
        Path log = sandbox.conversation().resolve("conversation.jsonl");
        Path full = Path.of("/dev/full");
        MachineRequirement.require(Files.exists(full), "no /dev/full here (Linux has it)");
        Files.delete(log);
        Files.createSymbolicLink(log, full);

        Run second = sandbox.rosetta("-n", "-r", "--name", "full", "again");

        assertThat(second.exitCode()).as(second.toString()).isEqualTo(1);
        assertThat(second.errorLines()).as(second.toString()).singleElement().satisfies(line -> assertThat(line)
                .startsWith("rosetta: could not write to the log of conversation full")
                .contains("No space left on device").endsWith("the last message is not saved"));
        assertThat(model.requests()).as("the message that could not be saved was not sent").hasSize(1);
    }
}
