package dev.rosetta.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

import dev.rosetta.core.testing.MachineRequirement;
import dev.rosetta.core.tool.ToolSpec;
import dev.rosetta.tools.process.Executables;

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

    /**
     * Issue 25: a reply of 200 MB ran a 1 GB heap out of memory and was lost. At the default limit
     * the reply stops at 4 MiB, and all of it — streamed, shown, logged — fits a heap of 128 MiB.
     */
    @ParameterizedTest(name = "{0}")
    @EnumSource(Api.class)
    void aReplyThatNeverEndsStopsAtTheDefaultLimitWithinAHeapOf128Megabytes(Api api) {
        sandbox.env().put("JAVA_TOOL_OPTIONS", "-Xmx128m");
        sandbox.env().put("ROSETTA_REPLY_TIMEOUT", "600");
        model.script(new ScriptedReply.Endless("All work and no play makes Jack a dull boy.\n"));

        Run run = sandbox.rosetta("-n", "-m", api.model(), "say something");

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
        assertThat(run.errorLines().stream().filter(l -> !l.startsWith("Picked up JAVA_TOOL_OPTIONS")))
                .as(run.toString()).singleElement().asString()
                .startsWith("rosetta: the reply was stopped at 4.0 MiB, the most one reply may carry");
        assertThat(run.stdout()).startsWith("All work and no play").hasSizeBetween(4_000_000, 4_200_000);
        assertThat(String.join("\n", sandbox.logLines())).contains("Your last reply was stopped after 4.0 MiB");
    }

    /**
     * Issue 25 §4: a reply that is one run of backticks (or tildes, {@code <}, {@code *}) was read in
     * quadratic time — 1 MB took 9 s, 2 MB 37 s — in every format. Read linearly, the whole 4 MiB the
     * default limit lets through is read, shown and logged well inside the run's time limit; read
     * quadratically it would take minutes. The in-process cost test counts characters looked at
     * (PathologicalInputCostTest); this one is the same promise through the jar.
     */
    @ParameterizedTest(name = "{0} in {1}")
    @CsvSource(delimiter = '|', value = {"`|markdown", "`|xml", "~|markdown", "<|xml", "*|tool", "`~<*|tool"})
    void aReplyThatIsOneRunawayRunOfMarkersIsReadToItsLimitWithoutSlowingDown(String atom, String format) {
        sandbox.env().put("ROSETTA_REPLY_TIMEOUT", "600");
        model.script(new ScriptedReply.Endless(atom.repeat(4096)));

        Run run = sandbox.rosetta("-n", "-m", Api.CHAT_COMPLETIONS.model(), "--tool-format", format, "say something");

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
        assertThat(run.errorLines()).as(run.toString()).singleElement().asString()
                .startsWith("rosetta: the reply was stopped at 4.0 MiB, the most one reply may carry");
        assertThat(String.join("\n", sandbox.logLines())).contains("Your last reply was stopped after 4.0 MiB");
    }

    /**
     * A heap too small for what a limit lets through: the turn's thread died of it, and the run hung
     * for ever waiting for the turn to end. The turn ends, saying what ran out and what to change.
     */
    @Test
    void aTurnThatRunsOutOfMemoryEndsSayingSoInsteadOfHanging() throws IOException {
        userConfig("[limits]\nreply_size = \"1 GiB\"\n");
        sandbox.env().put("JAVA_TOOL_OPTIONS", "-Xmx32m");
        sandbox.env().put("ROSETTA_REPLY_TIMEOUT", "600");
        model.script(new ScriptedReply.Endless("All work and no play makes Jack a dull boy.\n"));

        Run run = sandbox.rosetta("-n", "-m", Api.CHAT_COMPLETIONS.model(), "say something");

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
        assertThat(run.errorLines().stream().filter(l -> !l.startsWith("Picked up JAVA_TOOL_OPTIONS")))
                .as(run.toString()).singleElement().asString()
                .startsWith("rosetta: Rosetta ran out of memory (its Java heap may grow to ")
                .endsWith("Give Rosetta more (JAVA_TOOL_OPTIONS=-Xmx2g) or lower [limits] reply_size");
        // Where the heap runs out — while the turn prepares its request or while the reply streams in —
        // depends on what the start loads; the promise is the same either way.
        model.forgetUnanswered();
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

    /** Issue 25: tool-outputs/ grew 3.1 GB in 25 s, 512 MiB a call. */
    @Test
    void savedToolOutputsStopAtTheConversationsLimitAndTheResultSaysSo() throws IOException {
        userConfig("[limits]\ntool_outputs = \"1 MiB\"\n");
        String flood = "yes 0123456789abcdefghijklmnopqrstuvwxyz | head -c 3000000";
        model.script(Format.MARKDOWN.reply("", ModelCall.shell(flood)), Format.MARKDOWN.reply("", ModelCall.shell(flood)),
                ScriptedReply.text("Enough."));

        Run run = sandbox.rosetta("-n", "-m", Api.CHAT_COMPLETIONS.model(), "flood the disk");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(ToolCallsIT.resultIn(model.request(1), Format.MARKDOWN)).contains("the first 1048576 bytes are saved"
                + " in ").contains("the conversation's saved outputs reached their limit of 1.0 MiB ([limits] tool_outputs)");
        assertThat(ToolCallsIT.resultIn(model.request(2), Format.MARKDOWN)).contains("the whole output was not saved:"
                + " the conversation's saved outputs reached their limit of 1.0 MiB");
        try (var saved = Files.walk(sandbox.conversation().resolve("tool-outputs"))) {
            assertThat(saved.filter(Files::isRegularFile).mapToLong(f -> f.toFile().length()).sum())
                    .isEqualTo(1 << 20);
        }
    }

    /** Issue 25: a tool named with 100 KB printed as one line of 100 KB. */
    @Test
    void aToolNameOfAHundredKilobytesIsShownCutShort() {
        model.script(Format.TOOL.reply("", ModelCall.json("n".repeat(100_000), "{}")), ScriptedReply.text("Sorry."));

        Run run = sandbox.rosetta("-n", "-m", Api.CHAT_COMPLETIONS.model(), "--tool-format", "tool", "call it");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.stdout()).contains("nnn… (100,000 characters)").contains("Sorry.");
        assertThat(run.stdout().lines()).allSatisfy(line -> assertThat(line).hasSizeLessThan(1_100));
    }

    /** The hostile MCP server of rosetta-tools' tests, a python3 script that misbehaves one way per mode. */
    private static String hostileServer(String name, String mode) {
        Path script = Path.of("..", "rosetta-tools", "src", "test", "resources", "mcp", "hostile-server.py")
                .toAbsolutePath().normalize();
        return "[mcp.servers." + name + "]\ncommand = \"python3\"\nargs = [\"" + script + "\", \"" + mode + "\"]\n"
                + "timeout = 120\n";
    }

    /**
     * Issue 25: a 16 MB result, a broken line and JSON nested 100,000 deep each held a call for its whole
     * 120 s; a server printing before initialize never became ready, saying nothing. Each fails at once.
     */
    @Test
    void anMcpServersUnreadableAnswersFailTheirCallsAtOnceSayingWhy() throws IOException {
        requirePython();
        userConfig(hostileServer("huge", "huge") + hostileServer("deep", "deep") + hostileServer("banner", "banner"));
        model.script(Format.MARKDOWN.reply("", mcpCall("huge", "big")),
                Format.MARKDOWN.reply("", mcpCall("deep", "deep")),
                Format.MARKDOWN.reply("", mcpCall("huge", "echo")), ScriptedReply.text("Done."));

        Run run = sandbox.rosetta("-n", "-m", Api.CHAT_COMPLETIONS.model(), "call them");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.stdout()).contains("mcp: banner failed: banner wrote something that is not a JSON-RPC message"
                + " to its standard output before it answered initialize («Hostile server 1.0 listening on stdio»)");
        assertThat(ToolCallsIT.resultIn(model.request(1), Format.MARKDOWN)).contains("[ERROR:Unavailable] huge sent a"
                + " message larger than 16.0 MiB, the most Rosetta reads in one MCP message (while running big)");
        assertThat(ToolCallsIT.resultIn(model.request(2), Format.MARKDOWN)).contains("[ERROR:Unavailable] deep wrote a"
                + " line to its standard output that is not a JSON-RPC message").contains("nesting depth");
        assertThat(ToolCallsIT.resultIn(model.request(3), Format.MARKDOWN)).contains("started it again")
                .contains("echo: hi");
    }

    /** Issue 25: tools a.b and a__b were both declared as evil__a__b, and Anthropic refuses a request that does that. */
    @Test
    void toolsWhoseNativeNamesWouldCollideAreDeclaredApartAndEachRunsItsOwn() throws IOException {
        requirePython();
        userConfig(hostileServer("evil", "names"));
        String underscored = ToolSpec.nativeName("evil.a__b");
        model.script(Format.TOOL.reply("", ModelCall.json(underscored, "{\"text\": \"hi\"}")), ScriptedReply.text("Ok."));

        Run run = sandbox.rosetta("-n", "-m", Api.ANTHROPIC.model(), "--tool-format", "tool", "call a__b");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        List<String> declared = new ArrayList<>();
        model.request(0).body().path("tools").forEach(t -> declared.add(t.path("name").asString()));
        assertThat(declared).doesNotHaveDuplicates().contains("evil__a__b", underscored)
                .allMatch(name -> name.matches("^[a-zA-Z0-9_-]{1,64}$"));
        assertThat(ToolCallsIT.resultIn(model.request(1), Format.TOOL)).isEqualTo("a__b: hi");
    }

    /** Issue 25: 10,000 tools of a server were all declared, some 700,000 tokens in every request. */
    @Test
    void tenThousandToolsOfAServerAreCappedAndTheUserIsToldHowManyAreLeftOut() throws IOException {
        requirePython();
        userConfig(hostileServer("many", "many") + hostileServer("long", "longname"));
        model.script(ScriptedReply.text("Fine."));

        Run run = sandbox.rosetta("-n", "-m", Api.CHAT_COMPLETIONS.model(), "--tool-format", "tool", "hello");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(model.request(0).body().path("tools").size()).isEqualTo(128);
        assertThat(run.stdout()).containsPattern("mcp: many ready with 10000 tools \\(left out: every tool past the"
                + " first 10,000: it named more, and Rosetta reads at most that many of one server\\); [\\d,]+ of them"
                + " are not offered to the model: a request declares at most 128 tools \\(\\[limits\\] tools\\)");
        String ready = run.stdout().lines().filter(l -> l.contains("mcp: long ready")).findFirst().orElseThrow();
        assertThat(ready).contains("… (100,000 characters)' is longer than the 128 characters MCP allows")
                .hasSizeLessThan(400);
    }

    /**
     * Issue 25: a server naming pages of tools without end held its start for its whole time limit
     * (1.4 GB of heap), and a call's hundred thousand progress notifications were as many lines.
     */
    @Test
    void anMcpServerThatFloodsIsReadWithinBoundsAndItsCallAnswers() throws IOException {
        requirePython();
        userConfig(hostileServer("endless", "endless") + hostileServer("flood", "progress"));
        model.script(Format.MARKDOWN.reply("", mcpCall("flood", "progress")), ScriptedReply.text("Done."));

        Run run = sandbox.rosetta("-n", "-m", Api.CHAT_COMPLETIONS.model(), "call it");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.stdout()).contains("mcp: endless ready with 10000 tools (left out: every tool past the first"
                + " 10,000: it named more");
        assertThat(run.stdout().lines().filter(l -> l.contains("flood.progress: "))).isNotEmpty()
                .hasSizeLessThanOrEqualTo(101).allSatisfy(line -> assertThat(line).hasSizeLessThan(300));
        assertThat(ToolCallsIT.resultIn(model.request(1), Format.MARKDOWN)).contains("progress done");
    }

    private static void requirePython() {
        MachineRequirement.require(Executables.find("python3", System.getenv("PATH")).isPresent(),
                "python3 is not installed (apt-get install python3)");
    }

    private static ModelCall mcpCall(String server, String tool) {
        return McpIT.call(Format.MARKDOWN, server, tool, "{\"text\": \"hi\"}");
    }
}
