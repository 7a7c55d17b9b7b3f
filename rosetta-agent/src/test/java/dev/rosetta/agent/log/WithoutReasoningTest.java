package dev.rosetta.agent.log;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.message.Message;
import dev.rosetta.core.message.Reasoning;
import dev.rosetta.core.split.StreamSplitter;
import dev.rosetta.core.tool.BuiltinTools;

/** A message sent without its reasoning: thinking cut out of the text, every other segment where it was. */
class WithoutReasoningTest {

    private static LoggedMessage read(String text, List<Reasoning> reasoning) {
        List<StoredSegment> segments = StreamSplitter.split(text, ToolFormat.MARKDOWN, BuiltinTools.catalog())
                .stream().map(s -> StoredSegment.of(s, text)).toList();
        return LoggedMessage.reply(text, segments, reasoning, ToolFormat.MARKDOWN, "m/x", null, null);
    }

    @Test
    void thinkingIsCutAndTheSpansAfterItMove() {
        String text = "<think>long deliberation</think>Saving.\n```save a.txt\nA\n```\n<think>more</think>Done.";
        LoggedMessage m = read(text, List.of(Reasoning.of("anthropic", "native thoughts", "sig")));

        LoggedMessage lighter = m.withoutReasoning();

        assertThat(lighter.message().content()).isEqualTo("Saving.\n```save a.txt\nA\n```\nDone.");
        assertThat(lighter.message().reasoning()).isEmpty();
        assertThat(lighter.hasReasoning()).isFalse();
        assertThat(lighter.message().calls()).isEqualTo(m.message().calls());
        for (StoredSegment s : lighter.segments()) {
            if (s instanceof StoredSegment.Call c) {
                assertThat(lighter.text(c.span())).isEqualTo("```save a.txt\nA\n```\n");
            }
            if (s instanceof StoredSegment.Prose p) {
                assertThat(List.of("Saving.\n", "Done.")).contains(lighter.text(p.span()));
            }
        }
    }

    @Test
    void aMessageWithoutReasoningIsItself() {
        LoggedMessage m = read("Just prose.", List.of());
        assertThat(m.withoutReasoning()).isSameAs(m);
    }

    @Test
    void codeBlocksInProseAfterThinkingMoveWithIt() {
        String text = "<think>x</think>Here:\n```json\n{\"a\": 1}\n```\nok";
        LoggedMessage lighter = read(text, List.of()).withoutReasoning();
        StoredSegment.Prose prose = (StoredSegment.Prose) lighter.segments().stream()
                .filter(StoredSegment.Prose.class::isInstance).findFirst().orElseThrow();
        assertThat(prose.blocks()).isNotEmpty();
        var block = prose.blocks().getFirst();
        assertThat(lighter.message().content().substring(block.bodyStart(), block.closeStart())).isEqualTo("{\"a\": 1}\n");
    }

    @Test
    void aShrunkResultKeepsItsCallIdAndError() {
        LoggedMessage result = LoggedMessage.of(Message.toolResult("call_9",
                dev.rosetta.core.tool.ToolResult.error(dev.rosetta.core.tool.ErrorCode.ENOENT, "long output")),
                ToolFormat.TOOL);
        LoggedMessage shrunk = result.withResultText("short");
        assertThat(shrunk.message().content()).isEqualTo("short");
        assertThat(shrunk.message().callId()).isEqualTo("call_9");
        assertThat(shrunk.message().errorCode()).isEqualTo(dev.rosetta.core.tool.ErrorCode.ENOENT);
    }
}
