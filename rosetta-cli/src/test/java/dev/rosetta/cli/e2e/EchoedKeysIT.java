package dev.rosetta.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Issue 25 §2, through the jar: a key that comes back in a normal reply, or in what a tool
 * printed, was printed, logged and sent back to the model; only error bodies were redacted. The
 * sandbox fails a run whose output or any file under it (the logs among them) holds a key.
 */
class EchoedKeysIT extends EndToEnd {

    private static String keyOf(Api api) {
        return api == Api.ANTHROPIC ? Sandbox.ANTHROPIC_KEY : Sandbox.OPENAI_KEY;
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Api.class)
    void aKeyEchoedInANormalReplyIsNeitherPrintedNorLogged(Api api) {
        String key = keyOf(api);
        // Cut inside the key, as a stream cuts where it likes.
        model.script(ScriptedReply.text("Your key is ", key.substring(0, 12), key.substring(12), " — keep it safe."));

        Run run = sandbox.rosetta("-n", "-m", api.model(), "what is my key?");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.stdout()).contains("Your key is [the API key] — keep it safe.");
    }

    @Test
    void aKeyAToolPrintsIsNeitherShownLoggedNorSentToTheModel() {
        // The command names the key in two pieces, so only its output holds it whole.
        int cut = Sandbox.OPENAI_KEY.indexOf(Sandbox.KEY_MARK) + 4;
        String command = "printf '%s%s\\n' '" + Sandbox.OPENAI_KEY.substring(0, cut) + "' '"
                + Sandbox.OPENAI_KEY.substring(cut) + "'";
        model.script(Format.MARKDOWN.reply("Printing.\n", ModelCall.shell(command)), ScriptedReply.text("Done."));

        Run run = sandbox.rosetta("-n", "-m", Api.CHAT_COMPLETIONS.model(), "--tool-format", "markdown", "print it");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(model.request(1).raw()).doesNotContain(Sandbox.KEY_MARK);
        assertThat(model.request(1).messages()).anySatisfy(m -> assertThat(m).contains("[$OPENAI_API_KEY]"));
    }
}
