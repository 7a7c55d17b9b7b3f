package dev.rosetta.cli.chat;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

import dev.rosetta.agent.log.LoggedMessage;
import dev.rosetta.cli.render.TerminalRenderer;
import dev.rosetta.cli.render.TerminalStyle;
import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.message.Message;
import dev.rosetta.core.tool.BuiltinTools;
import dev.rosetta.core.tool.ErrorCode;
import dev.rosetta.core.tool.ToolResult;
import dev.rosetta.core.tool.ToolUse;

/** /replay shows each message as it was shown live: read in its own format, rendered by the renderer. */
class ConversationReplayTest {

    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
    private final TerminalRenderer renderer = new TerminalRenderer(out, TerminalStyle.plain());
    private final Chat.EventOutput output = Chat.EventOutput.of(renderer, renderer::endTurn);

    @Test
    void everyFormatIsReadInTheFormatItWasWrittenInAndResultsKeepTheirCodes() {
        ToolUse save = new ToolUse("save", List.of("hello.txt"), "Hello\n", Map.of(), "t1");
        ToolUse shell = ToolUse.named("shell", Map.of("command", "ls"), "n1");
        List<LoggedMessage> conversation = List.of(
                LoggedMessage.of(Message.user("write hello.txt"), ToolFormat.MARKDOWN),
                reply("I'll write it.\n\n```save hello.txt\nHello\n```\n", save, ToolFormat.MARKDOWN, Set.of()),
                LoggedMessage.of(Message.toolResult("t1", ToolResult.error(ErrorCode.CANCELED,
                        "the user declined to run this call")), ToolFormat.MARKDOWN),
                LoggedMessage.of(Message.user("then list the folder"), ToolFormat.TOOL),
                reply("Listing.", shell, ToolFormat.TOOL, Set.of("n1")),
                LoggedMessage.of(Message.toolResult("n1", ToolResult.ok("hello.txt\n")), ToolFormat.TOOL),
                LoggedMessage.of(Message.system("```python blocks are not run; use ```ipython"), ToolFormat.TOOL));

        new ConversationReplay(output, out, BuiltinTools.catalog()).show(conversation);

        String screen = bytes.toString(StandardCharsets.UTF_8);
        assertThat(screen).containsSubsequence("you> write hello.txt", "I'll write it.", "▶ save hello.txt", "Hello",
                "✗ save [Canceled]", "the user declined", "you> then list the folder", "Listing.", "▶ shell ls",
                "✓ shell", "hello.txt", "```python blocks are not run");
        assertThat(screen).doesNotContain("```save").doesNotContain("[ERROR:Canceled]");
    }

    @Test
    void controlSequencesInWhatTheUserTypedAreShownNotObeyed() {
        new ConversationReplay(output, out, BuiltinTools.catalog())
                .show(List.of(LoggedMessage.of(Message.user("hi \u001b[2J there"), ToolFormat.MARKDOWN)));

        assertThat(bytes.toString(StandardCharsets.UTF_8)).doesNotContain("\u001b").contains("you> hi ␛[2J there");
    }

    private static LoggedMessage reply(String text, ToolUse call, ToolFormat format, Set<String> nativeIds) {
        return new LoggedMessage(Message.assistant(text, List.of(call)), Instant.now(), "openai/gpt-4.1", format,
                nativeIds, null, null);
    }
}
