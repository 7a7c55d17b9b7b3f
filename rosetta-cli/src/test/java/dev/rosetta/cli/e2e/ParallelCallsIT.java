package dev.rosetta.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Several calls in one reply: a model with parallel calls has them all run, each result tied to
 * its own call; a model without has its reply stopped at the first complete call.
 */
class ParallelCallsIT extends EndToEnd {

    @ParameterizedTest(name = "{0}")
    @EnumSource(Api.class)
    void twoNativeCallsInOneReplyBothRunAndEachResultCarriesItsCallId(Api api) {
        ModelCall shell = ModelCall.shell("echo parallel-$((20+22))");
        ModelCall save = ModelCall.save("notes.txt", "two at once\n");
        model.script(Format.TOOL.reply("Both at once.\n", shell, save), ScriptedReply.text("Both done."));

        Run run = sandbox.rosetta("-n", "-m", api.model(), "--tool-format", "tool", "do both");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(sandbox.workspace().resolve("notes.txt")).hasContent("two at once\n");
        List<WireRequest> requests = requestsTo(api);
        assertThat(requests).hasSize(2);
        WireRequest next = requests.get(1);
        assertThat(next.calls()).extracting(ModelCall::id).containsExactly(shell.id(), save.id());
        Map<String, String> results = next.results().stream()
                .collect(Collectors.toMap(WireResult::callId, WireResult::output));
        assertThat(results).containsOnlyKeys(shell.id(), save.id());
        assertThat(results.get(shell.id())).contains("parallel-42");
        assertThat(results.get(save.id())).contains("notes.txt").doesNotContain("parallel-42");
    }

    @Test
    void twoFencedCallsInOneReplyBothRunForAParallelModel() {
        model.script(Format.MARKDOWN.reply("Two files.\n", ModelCall.save("a.txt", "A\n"), ModelCall.save("b.txt", "B\n")),
                ScriptedReply.text("Both saved."));

        Run run = sandbox.rosetta("-n", "-m", Api.ANTHROPIC.model(), "--tool-format", "markdown", "write a and b");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(sandbox.workspace().resolve("a.txt")).hasContent("A\n");
        assertThat(sandbox.workspace().resolve("b.txt")).hasContent("B\n");
        List<String> messages = requestsTo(Api.ANTHROPIC).get(1).messages();
        assertThat(String.join("\n", messages)).contains("a.txt").contains("b.txt");
    }

    @Test
    void aModelWithoutParallelCallsHasItsReplyStoppedAtTheFirstCall() {
        model.script(Format.MARKDOWN.reply("Two files.\n", ModelCall.save("a.txt", "A\n"), ModelCall.save("b.txt", "B\n")),
                ScriptedReply.text("One at a time, then."));

        Run run = sandbox.rosetta("-n", "-m", "anthropic/claude-haiku-4-5", "--tool-format", "markdown",
                "write a and b");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(sandbox.workspace().resolve("a.txt")).hasContent("A\n");
        assertThat(sandbox.workspace().resolve("b.txt")).doesNotExist();
        String history = String.join("\n", requestsTo(Api.ANTHROPIC).get(1).messages());
        assertThat(history).contains("```save a.txt").doesNotContain("b.txt");
    }
}
