package dev.rosetta.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * An answer that shows code examples costs exactly one request through the jar, whatever the
 * format: the fake provider counts the requests it was sent.
 */
class ExampleBlocksIT extends EndToEnd {

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"markdown", "xml", "hermes"})
    void anAnswerWithCodeExamplesCostsOneRequest(String format) {
        String answer = "Add them in Python:\n```python\nprint(sum([1, 2, 3]))\n```\nor in a shell:\n```bash\n"
                + "echo $((1 + 2 + 3))\n```\nBoth print 6.";
        model.script(new ScriptedReply.Streamed(Format.pieces(answer), List.of()));

        Run run = sandbox.rosetta("-n", "-m", Api.CHAT_COMPLETIONS.model(), "--tool-format", format, "how do I add 1, 2, 3?");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(requestsTo(Api.CHAT_COMPLETIONS)).hasSize(1);
        assertThat(run.stdout()).contains("print(sum([1, 2, 3]))").contains("Both print 6.");
        assertThat(run.stderr()).doesNotContain("told the model");
    }

    @Test
    void aBashBlockEndingEveryMarkdownReplyIsToldOnceThenTheTurnEnds() {
        for (int i = 0; i < 2; i++) { // the second is not answered: the harness fails on unasked replies
            model.script(new ScriptedReply.Streamed(Format.pieces("List them with:\n```bash\nls -la\n```\n"), List.of()));
        }

        Run run = sandbox.rosetta("-n", "-m", Api.CHAT_COMPLETIONS.model(), "--tool-format", "markdown", "list the files");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        List<WireRequest> requests = requestsTo(Api.CHAT_COMPLETIONS);
        assertThat(requests).hasSize(2);
        assertThat(requests.get(1).strings()).anySatisfy(s -> assertThat(s).contains("```bash blocks are not run")
                .contains("```shell"));
    }
}
