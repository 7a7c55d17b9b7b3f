package dev.rosetta.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@code --resume}: the second process goes on with the first one's conversation, in its format
 * unless told otherwise; told to use another model and format, it re-spells the history.
 */
class ResumeIT extends EndToEnd {

    private static final ModelCall SAVE = ModelCall.save("hello.py", "print('hello')\n");

    @Test
    void aResumedConversationKeepsItsFormatAndItsHistory() throws Exception {
        model.script(Format.XML.reply("Saving.\n", SAVE), ScriptedReply.text("Saved."));
        Run first = sandbox.rosetta("-n", "-m", Api.CHAT_COMPLETIONS.model(), "--tool-format", "xml", "first task");
        assertThat(first.exitCode()).as(first.toString()).isZero();

        model.script(ScriptedReply.text("Second answer."));
        Run second = sandbox.rosetta("-n", "-r", "second task");

        assertThat(second.exitCode()).as(second.toString()).isZero();
        assertThat(Files.readString(sandbox.conversation().resolve("config.toml"))).contains("tool_format = \"xml\"");
        List<WireRequest> requests = requestsTo(Api.CHAT_COMPLETIONS);
        assertThat(requests).hasSize(3);
        WireRequest resumed = requests.get(2);
        assertThat(resumed.systemPrompt()).as("the xml dialect's prompt").startsWith("<role>\n").contains("<tools>")
                .contains("<tool-use>");
        assertThat(withoutDate(resumed.systemPrompt())).isEqualTo(withoutDate(requests.get(0).systemPrompt()));
        List<String> before = requests.get(1).messages();
        List<String> after = resumed.messages();
        assertThat(after).hasSize(before.size() + 2);
        assertThat(after.subList(0, before.size())).as("the first run's messages, unchanged").isEqualTo(before);
        assertThat(after.get(1)).isEqualTo("assistant: Saving.\n" + Format.XML.spell(SAVE));
        assertThat(after.subList(before.size(), after.size())).containsExactly("assistant: Saved.", "user: second task");
    }

    @Test
    void resumingWithAnotherModelAndFormatReSpellsEarlierCallsAsNativeCalls() {
        model.script(Format.XML.reply("Saving.\n", SAVE), ScriptedReply.text("Saved."));
        Run first = sandbox.rosetta("-n", "-m", Api.CHAT_COMPLETIONS.model(), "--tool-format", "xml", "first task");
        assertThat(first.exitCode()).as(first.toString()).isZero();

        model.script(ScriptedReply.text("Second answer."));
        Run second = sandbox.rosetta("-n", "-r", "-m", Api.ANTHROPIC.model(), "--tool-format", "tool", "second task");

        assertThat(second.exitCode()).as(second.toString()).isZero();
        WireRequest resumed = model.request(2);
        assertThat(resumed.api()).isEqualTo(Api.ANTHROPIC);
        List<ModelCall> calls = resumed.calls();
        assertThat(calls).singleElement().satisfies(call -> {
            assertThat(call.tool()).isEqualTo("save");
            assertThat(call.path()).isEqualTo("hello.py");
            assertThat(call.body()).isEqualTo("print('hello')");
        });
        assertThat(resumed.results()).singleElement()
                .satisfies(r -> assertThat(r.callId()).isEqualTo(calls.getFirst().id()));
        assertThat(resumed.messages()).noneSatisfy(m -> assertThat(m).contains("<tool-use>"));
    }

    @Test
    void resumingInXmlReSpellsEarlierMarkdownCallsAsXml() {
        model.script(Format.MARKDOWN.reply("Saving.\n", SAVE), ScriptedReply.text("Saved."));
        Run first = sandbox.rosetta("-n", "-m", Api.RESPONSES.model(), "--tool-format", "markdown", "first task");
        assertThat(first.exitCode()).as(first.toString()).isZero();

        model.script(ScriptedReply.text("Second answer."));
        Run second = sandbox.rosetta("-n", "-r", "--tool-format", "xml", "second task");

        assertThat(second.exitCode()).as(second.toString()).isZero();
        WireRequest resumed = requestsTo(Api.RESPONSES).get(2);
        assertThat(resumed.systemPrompt()).startsWith("<role>\n").contains("<tools>");
        String history = String.join("\n", resumed.messages());
        assertThat(history).contains("<save args=\"hello.py\">").doesNotContain("```save");
    }

    /**
     * The found bug: history was read again with the tools of the moment and its calls paired by
     * position, so after {@code -t shell,save,append,patch} (no read) the shell call took the read call's place, {@code rm -rf
     * build} was lost, and the read call stayed behind as prose. Now every call keeps its own span.
     */
    @Test
    void resumingWithoutAToolReSpellsEveryCallAtItsOwnPlaceInEveryFormat() {
        ModelCall look = ModelCall.read("notes.txt");
        ModelCall clean = ModelCall.shell("rm -rf build");
        model.script(Format.MARKDOWN.reply("Reading, then cleaning.\n", look, clean), ScriptedReply.text("Cleaned."));
        Run first = sandbox.rosetta("-n", "-m", Api.CHAT_COMPLETIONS.model(), "--tool-format", "markdown", "first task");
        assertThat(first.exitCode()).as(first.toString()).isZero();

        model.script(ScriptedReply.text("Second answer."));
        Run second = sandbox.rosetta("-n", "-r", "-t", "shell,save,append,patch", "--tool-format", "xml", "second task");
        assertThat(second.exitCode()).as(second.toString()).isZero();
        String xml = model.request(2).messages().get(1);
        assertThat(xml).startsWith("assistant: Reading, then cleaning.\n<tool-use>\n<read args=\"notes.txt\">")
                .doesNotContain("```");
        assertThat(xml.indexOf("<read")).isLessThan(xml.indexOf("<shell>"));
        assertThat(xml.split("rm -rf build", -1)).as("rm -rf build, once").hasSize(2);

        model.script(ScriptedReply.text("Third answer."));
        Run third = sandbox.rosetta("-n", "-r", "-m", Api.ANTHROPIC.model(), "--tool-format", "tool", "third task");
        assertThat(third.exitCode()).as(third.toString()).isZero();
        WireRequest nativeRequest = model.request(3);
        assertThat(nativeRequest.calls()).extracting(ModelCall::tool, ModelCall::path, ModelCall::body)
                .containsExactly(tuple("read", "notes.txt", null),
                        tuple("shell", null, "rm -rf build"));
        assertThat(nativeRequest.results()).extracting(WireResult::callId)
                .containsExactlyElementsOf(nativeRequest.calls().stream().map(ModelCall::id).toList());
        assertThat(String.join("\n", nativeRequest.messages())).doesNotContain("rm -rf").doesNotContain("```");
    }

    /**
     * Issue 10 #9: Rosetta killed while a native call ran left the call without a result, and
     * resuming told the model "the call was not run" — though it had run, half way. Now the model
     * is told what is known. For each API, as each spells the missing result.
     */
    @ParameterizedTest(name = "{0}")
    @EnumSource(Api.class)
    void aCallThatWasRunningWhenRosettaWasKilledIsResumedAsInterruptedNotAsNotRun(Api api) throws Exception {
        Path started = sandbox.workspace().resolve("started");
        ModelCall halfDone = ModelCall.shell("touch started; sleep 600; touch finished");
        model.script(Format.TOOL.reply("Working.\n", halfDone));
        Sandbox.Launched first = sandbox.launch("-n", "-m", api.model(), "--tool-format", "tool", "do the work");
        FileWatch.awaitExists(started, Duration.ofSeconds(20), first.process());
        assertThat(started).as("the call was running").exists();
        first.process().destroyForcibly().waitFor();

        model.script(ScriptedReply.text("I will check first."));
        Run resumed = sandbox.rosetta("-n", "-r", "go on");

        assertThat(resumed.exitCode()).as(resumed.toString()).isZero();
        WireRequest request = model.request(1);
        assertThat(request.calls()).extracting(ModelCall::id).containsExactly(halfDone.id());
        assertThat(request.results()).singleElement().satisfies(r -> {
            assertThat(r.callId()).isEqualTo(halfDone.id());
            assertThat(r.output()).startsWith("[ERROR:Canceled] interrupted; it may have run partly")
                    .doesNotContain("not run");
        });
    }

    /**
     * Servers name calls their own way: Kimi {@code functions.NAME:IDX}, vLLM {@code chatcmpl-tool-}
     * and 32 hex digits. Resumed on Anthropic, which takes only letters, digits, '_' and '-', and on
     * OpenAI, which takes at most 40 characters, each call goes with an id that API takes, and its
     * result with the same.
     */
    @Test
    void callIdsAnotherServerMadeAreSentAsIdsTheNextApiTakesWithTheirResults() {
        ModelCall kimi = ModelCall.of("functions.shell:0", "shell", java.util.Map.of("command", "echo kimi"));
        ModelCall vllm = ModelCall.of("chatcmpl-tool-0123456789abcdef0123456789abcdef", "shell",
                java.util.Map.of("command", "echo vllm"));
        model.script(Format.TOOL.reply("Two.\n", kimi, vllm), ScriptedReply.text("Done."));
        Run first = sandbox.rosetta("-n", "-m", Api.CHAT_COMPLETIONS.model(), "--tool-format", "tool", "first task");
        assertThat(first.exitCode()).as(first.toString()).isZero();

        model.script(ScriptedReply.text("On Anthropic."), ScriptedReply.text("On OpenAI."));
        Run second = sandbox.rosetta("-n", "-r", "-m", Api.ANTHROPIC.model(), "second task");
        Run third = sandbox.rosetta("-n", "-r", "-m", Api.CHAT_COMPLETIONS.model(), "third task");

        assertThat(second.exitCode()).as(second.toString()).isZero();
        assertThat(third.exitCode()).as(third.toString()).isZero();
        WireRequest anthropic = model.request(2);
        assertThat(anthropic.calls()).extracting(ModelCall::id).allSatisfy(id -> assertThat(id).matches("[A-Za-z0-9_-]+"));
        assertThat(anthropic.results()).extracting(WireResult::callId)
                .containsExactlyElementsOf(anthropic.calls().stream().map(ModelCall::id).toList());
        assertThat(anthropic.results()).extracting(WireResult::output).containsExactly("kimi", "vllm");
        WireRequest openai = model.request(3);
        assertThat(openai.calls()).extracting(ModelCall::id).allSatisfy(id -> assertThat(id).hasSizeLessThanOrEqualTo(40))
                .first().isEqualTo("functions.shell:0");
        assertThat(openai.results()).extracting(WireResult::callId)
                .containsExactlyElementsOf(openai.calls().stream().map(ModelCall::id).toList());
    }

    /** The prompt names today's date; a test running across midnight must not fail on it. */
    private static String withoutDate(String prompt) {
        return prompt.replaceAll("Today is [0-9-]+", "Today is …");
    }
}
