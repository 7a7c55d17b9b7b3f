package dev.rosetta.cli.render;

import static dev.rosetta.cli.render.Screens.plain;
import static dev.rosetta.cli.render.Screens.prose;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.rosetta.agent.chat.AgentEvent;
import dev.rosetta.agent.log.LoggedMessage;
import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.message.Message;
import dev.rosetta.core.split.Segment;
import dev.rosetta.core.tool.ErrorCode;
import dev.rosetta.core.tool.ToolResult;
import dev.rosetta.core.tool.ToolUse;
import dev.rosetta.llm.ChatEvent.Usage;

/** Line mode without colour: the exact text a pipe or a log receives. */
class TerminalRendererTest {

    static final ToolUse SAVE = new ToolUse("save", List.of("hello.py"), "print(\"Hello, world!\")\n", Map.of(), null);
    static final ToolUse SHELL = ToolUse.positional("shell", List.of(), "python3 hello.py --loud\n");

    /** A whole turn: a save, a shell call that fails, the model's last word, a token line after each reply. */
    static List<AgentEvent> sampleTurn() {
        List<AgentEvent> events = new ArrayList<>();
        events.add(added(Message.user("write hello.py and run it")));
        events.addAll(Replies.events("I'll write the script.\n\n```save hello.py\nprint(\"Hello, world!\")\n```\n",
                ToolFormat.MARKDOWN, 3));
        events.add(added(Message.assistant("…", List.of(SAVE))));
        events.add(new AgentEvent.UsageReport("openai/gpt-5", new Usage(434, 256, 800, 0), 0.0031));
        events.add(new AgentEvent.ToolStarted(SAVE));
        events.add(new AgentEvent.ToolFinished(SAVE, ToolResult.ok("Saved hello.py (1 line, created)")));
        events.add(added(Message.toolResult(null, ToolResult.ok("Saved hello.py (1 line, created)"))));
        events.addAll(Replies.events("Now I'll run it:\n```shell\npython3 hello.py --loud\n```\n",
                ToolFormat.MARKDOWN, 4));
        events.add(added(Message.assistant("…", List.of(SHELL))));
        events.add(new AgentEvent.UsageReport("openai/gpt-5", new Usage(1300, 40, 0, 0), null));
        events.add(new AgentEvent.ToolStarted(SHELL));
        ToolResult failed = ToolResult.error(ErrorCode.exitCode(2),
                "\nusage: hello.py [-h]\nhello.py: error: unrecognized arguments: --loud");
        events.add(new AgentEvent.ToolFinished(SHELL, failed));
        events.add(added(Message.toolResult(null, failed)));
        events.addAll(Replies.events("The script takes **no** options; run it as `python3 hello.py`.",
                ToolFormat.MARKDOWN, 5));
        events.add(added(Message.assistant("…", List.of())));
        events.add(new AgentEvent.UsageReport("openai/gpt-5", new Usage(1400, 18, 1200, 0), 0.25));
        return events;
    }

    static AgentEvent added(Message message) {
        return new AgentEvent.MessageAdded(LoggedMessage.of(message, ToolFormat.MARKDOWN));
    }

    @Test
    void aTurnReadsAsPlainText() {
        assertThat(plain(sampleTurn())).isEqualTo("""
                I'll write the script.

                ▶ save hello.py
                  print("Hello, world!")
                tokens: 1,234 in (800 cached) · 256 out · $0.0031

                ✓ save
                  Saved hello.py (1 line, created)

                Now I'll run it:

                ▶ shell python3 hello.py --loud
                tokens: 1,300 in · 40 out

                ✗ shell [ExitCode:2]
                  usage: hello.py [-h]
                  hello.py: error: unrecognized arguments: --loud

                The script takes **no** options; run it as `python3 hello.py`.
                tokens: 2,600 in (1,200 cached) · 18 out · $0.25
                """);
    }

    @Test
    void plainOutputHasNoEscapeSequences() {
        assertThat(plain(sampleTurn())).doesNotContain("\u001b");
    }

    @Test
    void proseIsWrittenAsSoonAsItArrives() {
        StringBuilder out = new StringBuilder();
        TerminalRenderer renderer = new TerminalRenderer(out, TerminalStyle.plain());
        renderer.accept(new AgentEvent.ProseDelta("Hel"));
        assertThat(out).hasToString("Hel");
        renderer.accept(new AgentEvent.ProseDelta("lo **wo"));
        assertThat(out).hasToString("Hello **wo");
    }

    @Test
    void proseSplitAnywhereReadsTheSame() {
        String text = "# Title\n\nSome **bold** and *it*alic, `code`;\n```json\n{\"a\": 1}\n```\n> quoted\r\n- item\n";
        String whole = plain(prose(text));
        for (int cut = 1; cut < text.length(); cut++) {
            assertThat(plain(prose(text.substring(0, cut), text.substring(cut)))).as("cut at %d", cut).isEqualTo(whole);
        }
        assertThat(whole).isEqualTo(text.replace("\r\n", "\n"));
    }

    @Test
    void thinkingIsSetApartLineByLine() {
        List<AgentEvent> events = new ArrayList<>();
        events.add(new AgentEvent.ThinkingDelta("\nThe user wants"));
        events.add(new AgentEvent.ThinkingDelta(" a file.\n\nI'll save"));
        events.add(new AgentEvent.ThinkingDelta(" it.\n\n"));
        events.addAll(prose("Saving now."));
        assertThat(plain(events)).isEqualTo("""
                ┊ The user wants a file.
                ┊
                ┊ I'll save it.

                Saving now.
                """);
    }

    @Test
    void thinkTagsInTheTextRenderLikeNativeThinking() {
        List<AgentEvent> events = Replies.events("<think>\nShort plan.\n</think>\nDone.", ToolFormat.MARKDOWN, 2);
        assertThat(events).anyMatch(e -> e instanceof AgentEvent.ThinkingDelta);
        assertThat(plain(events)).isEqualTo("┊ Short plan.\n\nDone.\n");
    }

    @Test
    void unparsedBlockShowsItsProblemAndText() {
        List<AgentEvent> events = Replies.events("Run this:\n```python\nprint(1)\n```\n", ToolFormat.MARKDOWN, 3);
        assertThat(events).anyMatch(e -> e instanceof AgentEvent.UnparsedRead);
        assertThat(plain(events)).isEqualTo("""
                Run this:

                ⚠ not run: ```python blocks are not run (they may be examples); to run this, tag the block ```ipython instead
                  ```python
                  print(1)
                  ```
                """);
    }

    @Test
    void noticesAreOneLineEach() {
        List<AgentEvent> events = List.of(new AgentEvent.Notice("rate limited (429);\nretrying in 2 s"),
                new AgentEvent.Notice("switched to anthropic/claude"));
        assertThat(plain(events))
                .isEqualTo("ℹ rate limited (429); retrying in 2 s\nℹ switched to anthropic/claude\n");
    }

    @Test
    void longResultsAreCutInTheMiddle() {
        StringBuilder output = new StringBuilder();
        for (int i = 1; i <= 100; i++) {
            output.append("line ").append(i).append('\n');
        }
        String shown = plain(List.of(new AgentEvent.ToolFinished(SHELL, ToolResult.ok(output.toString()))));
        assertThat(shown).startsWith("✓ shell\n  line 1\n").contains("  line 12\n  … 83 more lines\n  line 96\n")
                .endsWith("  line 100\n").doesNotContain("line 13\n");
    }

    @Test
    void errorCodeShowsEvenWithoutOutput() {
        ToolResult timeout = ToolResult.error(ErrorCode.TIMEOUT, "");
        assertThat(plain(List.of(new AgentEvent.ToolFinished(SHELL, timeout)))).isEqualTo("✗ shell [Timeout]\n");
    }

    @Test
    void errorTextWithoutTheTagIsKeptWhole() {
        ToolResult refused = new ToolResult("the user said no", true, ErrorCode.CANCELED);
        assertThat(plain(List.of(new AgentEvent.ToolFinished(SAVE, refused))))
                .isEqualTo("✗ save [Canceled]\n  the user said no\n");
    }

    @Test
    void messagesAddedAreNotShown() {
        assertThat(plain(List.of(added(Message.user("hi")), added(Message.system("note"))))).isEmpty();
    }

    @Test
    void unparsedFromXmlModeReadsTheSame() {
        Segment.Unparsed u = new Segment.Unparsed("<shell>ls", ToolFormat.XML.dialect(), "unclosed <shell>", 0, 9);
        assertThat(plain(List.of(new AgentEvent.UnparsedRead(u))))
                .isEqualTo("⚠ not run: unclosed <shell>\n  <shell>ls\n");
    }
}
