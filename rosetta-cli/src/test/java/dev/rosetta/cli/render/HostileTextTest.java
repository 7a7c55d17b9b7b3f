package dev.rosetta.cli.render;

import static dev.rosetta.cli.render.Screens.hasForeignEscape;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.rosetta.agent.chat.AgentEvent;
import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.split.Segment;
import dev.rosetta.core.tool.ErrorCode;
import dev.rosetta.core.tool.ToolResult;
import dev.rosetta.core.tool.ToolUse;

/** Nothing the model or a tool writes reaches the terminal with its control sequences intact. */
class HostileTextTest {

    /** Clear screen, cursor home and up, window title, a hyperlink, CSI in one byte, bell, CR, bidi. */
    static final String HOSTILE = "a\u001b[2J\u001b[H\u001b[5Ab\u001b]0;pwned\u0007c"
            + "\u001b]8;;https://evil.example\u001b\\link\u001b]8;;\u001b\\d\u009b31me\rf\u202Eg\u2067h\u0000";

    static List<AgentEvent> everyKind(String h) {
        ToolUse use = new ToolUse("save" + h, List.of("x" + h + ".py"), "print(1)" + h + "\n", Map.of(), null);
        ToolUse nativeUse = ToolUse.named("mcp" + h, Map.of("path" + h, "p" + h, "q", h), "id" + h);
        List<AgentEvent> events = new ArrayList<>();
        events.add(new AgentEvent.ThinkingDelta("think " + h + "\n"));
        events.add(new AgentEvent.ProseDelta(
                "# head " + h + "\n- item " + h + "\n> " + h + "\n**" + h + "** `" + h + "`\n"));
        events.add(new AgentEvent.CodeBlockOpened("json " + h, "```"));
        events.add(new AgentEvent.ProseDelta("```json " + h + "\n{\"k\": \"" + h + "\"} // " + h + "\n"));
        events.add(new AgentEvent.CodeBlockClosing());
        events.add(new AgentEvent.ProseDelta("```\n"));
        events.add(new AgentEvent.CallStarted("save" + h, "markdown"));
        events.add(new AgentEvent.CallRead(use, "markdown", "```save …"));
        events.add(new AgentEvent.CallRead(nativeUse, "tool", null));
        events.add(new AgentEvent.CallRead(ToolUse.positional("shell", List.of(), "echo " + h), "xml", "<shell>…"));
        events.add(new AgentEvent.UnparsedRead(
                new Segment.Unparsed("```python\n" + h + "\n```", ToolFormat.MARKDOWN.dialect(), "problem " + h,
                        0, 1)));
        events.add(new AgentEvent.ToolStarted(use));
        events.add(new AgentEvent.ToolFinished(use, ToolResult.ok("out " + h)));
        events.add(new AgentEvent.ToolFinished(use, ToolResult.error(new ErrorCode("Exit" + h), "err " + h)));
        events.add(new AgentEvent.Notice("notice " + h));
        return events;
    }

    @Test
    void plainOutputHoldsNoControlCharacterButLineBreaks() {
        String out = Screens.plain(everyKind(HOSTILE));
        assertThat(out.chars().filter(c -> (c < 0x20 && c != '\n') || (c >= 0x7f && c <= 0x9f)).count()).isZero();
        assertThat(hasForeignEscape(out)).isFalse();
        assertThat(out).contains("␛[2J").contains("␛]0;pwned␇").contains("<U+202E>");
    }

    @Test
    void colourOutputHoldsOnlyItsOwnColourSequences() {
        String out = Screens.colour(everyKind(HOSTILE));
        assertThat(hasForeignEscape(out)).isFalse();
        assertThat(out).contains("␛]8;;https://evil.example");
    }

    @Test
    void hostileTextSplitMidSequenceIsStillNeutralised() {
        for (int chunk = 1; chunk <= 5; chunk++) {
            List<AgentEvent> events = new ArrayList<>();
            String text = "x" + HOSTILE + "\r\n# t" + HOSTILE;
            for (int i = 0; i < text.length(); i += chunk) {
                events.add(new AgentEvent.ProseDelta(text.substring(i, Math.min(text.length(), i + chunk))));
            }
            assertThat(hasForeignEscape(Screens.colour(events))).isFalse();
            assertThat(hasForeignEscape(Screens.plain(events))).isFalse();
        }
    }

    @Test
    void crInToolOutputCannotOverwriteALine() {
        String out = Screens.plain(List.of(new AgentEvent.ToolFinished(ToolUse.positional("shell", List.of(), "x"),
                ToolResult.ok("rm -rf ~ # really\rall good          \n"))));
        assertThat(out).isEqualTo("✓ shell\n  rm -rf ~ # really\n  all good\n");
    }
}
