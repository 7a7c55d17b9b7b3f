package dev.rosetta.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.Test;

/**
 * Issue 25 §4, through the jar: runaway input — a reply without end, a hundred thousand calls,
 * a huge pipe, hostile MCP servers — is stopped at a limit, said in one line, and never takes
 * Rosetta down or loses what arrived.
 */
class RunawayInputIT extends EndToEnd {

    private void userConfig(String toml) throws IOException {
        Files.createDirectories(sandbox.userConfig());
        Files.writeString(sandbox.userConfig().resolve("config.toml"), toml);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Api.class)
    void aReplyThatNeverEndsIsStoppedAtItsSizeLimitAndWhatCameIsKept(Api api) throws IOException {
        userConfig("[limits]\nreply_size = \"64 KiB\"\n");
        // Longer than the whole run may take: only closing the stream at the limit ends it in time.
        sandbox.env().put("ROSETTA_REPLY_TIMEOUT", "600");
        model.script(new ScriptedReply.Endless("All work and no play makes Jack a dull boy.\n"));

        Run run = sandbox.rosetta("-n", "-m", api.model(), "say something");

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
        assertThat(run.errorLines()).as(run.toString()).singleElement().asString()
                .isEqualTo("rosetta: the reply was stopped at 64.0 KiB, the most one reply may carry ([limits]"
                        + " reply_size); what came before is kept and the model is told");
        assertThat(run.stdout()).startsWith("All work and no play").hasSizeBetween(60_000, 66_000);
        String logged = String.join("\n", sandbox.logLines());
        assertThat(logged).contains("All work and no play makes Jack a dull boy.\\nAll work")
                .contains("Your last reply was stopped after 64.0 KiB");
    }

    @Test
    void aReplyOfSixtyCallsRunsTheFirstOnesAndTellsTheModelOnce() throws IOException {
        userConfig("[limits]\nreply_calls = 5\n");
        List<ModelCall> calls = new ArrayList<>();
        for (int i = 1; i <= 60; i++) {
            calls.add(ModelCall.save("f" + i + ".txt", "file " + i));
        }
        model.script(Format.MARKDOWN.reply("Sixty files.\n", calls.toArray(ModelCall[]::new)),
                ScriptedReply.text("The rest next time."));

        Run run = sandbox.rosetta("-n", "-m", Api.CHAT_COMPLETIONS.model(), "write sixty files");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(sandbox.workspace().resolve("f5.txt")).hasContent("file 5\n");
        assertThat(sandbox.workspace().resolve("f6.txt")).doesNotExist();
        assertThat(run.stdout().lines().filter(l -> l.contains("[limits] reply_calls"))).singleElement().asString()
                .contains("the reply was stopped at its 6th call: one reply may make 5");
        assertThat(model.request(1).body().toString()).contains("Your last reply was stopped at its 6th call");
    }

    /** Issue 25: 100 MB piped in with -n ran out of memory after 45 s (1 GB heap), or was sent as 72M tokens. */
    @Test
    void aHundredMegabytesPipedInAreRefusedBeforeAnythingIsSent() {
        Run run = sandbox.rosettaWithStdin("log line\n".repeat(100 << 20 >> 3), "-n", "-m",
                Api.CHAT_COMPLETIONS.model(), "summarise this log");

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
        assertThat(run.errorLines()).as(run.toString()).singleElement().asString()
                .startsWith("rosetta: the piped input is more than 64.0 MiB").contains("nothing was sent")
                .contains("head, tail, grep");
        assertThat(model.requests()).isEmpty();
    }

    @Test
    void pipedInputLargerThanTheModelsWindowIsRefusedBeforeAnythingIsSent() throws IOException {
        userConfig("[context]\nwindow = 2000\n");

        Run run = sandbox.rosettaWithStdin("a line of the log, one of many\n".repeat(2_000), "-n", "-m",
                Api.CHAT_COMPLETIONS.model(), "summarise this log");

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
        assertThat(run.errorLines()).as(run.toString()).singleElement().asString()
                .startsWith("rosetta: your message is more than 2,000 tokens (60.6 KiB of UTF-8), more than"
                        + " openai/gpt-4.1's context window holds, so nothing was sent");
        assertThat(model.requests()).isEmpty();
        assertThat(sandbox.logLines()).as("nothing was logged").isEmpty();
    }
}
