package dev.rosetta.core.dialect.xml;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.split.ReadCounts;
import dev.rosetta.core.split.Segment;
import dev.rosetta.core.split.Segment.Call;
import dev.rosetta.core.split.StreamEvent;
import dev.rosetta.core.split.StreamEvent.CallStarted;
import dev.rosetta.core.split.StreamEvent.Completed;
import dev.rosetta.core.split.StreamEvent.ProseDelta;
import dev.rosetta.core.split.StreamSplitter;
import dev.rosetta.core.tool.BuiltinTools;

/** When things become certain while an xml call streams in. */
class XmlStreamingTest {

    /*
     * Today's readers look at each character of the long message below 5.7 times when it streams
     * in a character at a time, 3.5 times when it is read whole. The bounds leave room for ~40%
     * more; five times the work fails, and a quadratic reader fails by a factor of thousands.
     */
    private static final double STREAMED_READS_PER_CHAR = 8;
    private static final double WHOLE_READS_PER_CHAR = 5;
    private static final String LONG_BODY = "x < y && </shel ]]> <![CDAT </sh\n".repeat(15_000);

    private final StreamSplitter splitter = new StreamSplitter(ToolFormat.XML, BuiltinTools.catalog());

    @Test
    void callStartedIsAnnouncedWhenTheStartTagCompletes() {
        assertThat(splitter.feed("<tool-use>\n<shell")).isEmpty();
        List<StreamEvent> events = splitter.feed(">");
        assertThat(events).containsExactly(new CallStarted("shell", XmlDialect.INSTANCE, 11));
    }

    @Test
    void invokeAndToolNameCallsAreAnnouncedToo() {
        List<StreamEvent> events = new ArrayList<>(splitter.feed("<function_calls>\n<invoke name=\"py\">"));
        assertThat(events).containsExactly(new CallStarted("ipython", XmlDialect.INSTANCE, 17));
        StreamSplitter other = new StreamSplitter(ToolFormat.XML, BuiltinTools.catalog());
        assertThat(other.feed("<tool-use>\n<tool_name>shell</tool_name")).isEmpty();
        assertThat(other.feed(">")).containsExactly(new CallStarted("shell", XmlDialect.INSTANCE, 11));
    }

    @Test
    void callIsEmittedWhenItsClosingTagArrivesNotAtTheWrapperEnd() {
        splitter.feed("<tool-use>\n<shell>\nls\n</shell");
        List<StreamEvent> events = splitter.feed(">");
        assertThat(segments(events)).singleElement().isInstanceOf(Call.class);
    }

    @Test
    void eachCallOfAWrapperIsEmittedOnItsOwn() {
        splitter.feed("<tool-use>\n<shell>ls</shell>");
        List<StreamEvent> second = splitter.feed("\n<shell>pwd</shell>");
        assertThat(segments(second)).singleElement().satisfies(s -> assertThat(((Call) s).use().content()).isEqualTo("pwd"));
    }

    @Test
    void unknownToolIsNotAnnounced() {
        assertThat(splitter.feed("<tool-use>\n<browse>")).isEmpty();
    }

    @Test
    void onlyWhatCouldBeADelimiterIsHeldBack() {
        splitter.feed("<tool-use>\n");
        assertThat(splitter.feed("if a <")).containsExactly(new ProseDelta("if a "));
        assertThat(splitter.feed("3 then")).containsExactly(new ProseDelta("<3 then"));
    }

    @Test
    void bodyIsHeldOnlyAtAPossibleClosingTag() {
        splitter.feed("<tool-use>\n<shell>\necho </sh");
        List<StreamEvent> events = splitter.feed("out");
        assertThat(events).isEmpty();
        assertThat(segments(splitter.feed("\n</shell>"))).singleElement()
                .satisfies(s -> assertThat(((Call) s).use().content()).isEqualTo("echo </shout"));
    }

    @Test
    void proseBeforeTheWrapperIsShownBeforeTheWrapperCompletes() {
        List<StreamEvent> events = splitter.feed("Let me look.\n<tool-use>\n<shell>ls");
        assertThat(events).contains(new ProseDelta("Let me look.\n"));
    }

    /**
     * Linear work, counted: streamed a character at a time, the readers look at each character a
     * few times at most. Counting, not timing: a slow or busy machine cannot make it fail, and a
     * fast one cannot hide a reader that does five times the work it should.
     */
    @Test
    void longMessageStreamedCharByCharIsReadInLinearWork() {
        String msg = longMessage();
        List<Segment> segments = new ArrayList<>();
        for (int i = 0; i < msg.length(); i++) {
            StreamSplitter.collect(splitter.feed(msg.substring(i, i + 1)), segments);
        }
        StreamSplitter.collect(splitter.finish(), segments);
        assertThat(segments).hasSize(3);
        assertThat(((Call) segments.get(0)).use().content()).isEqualTo(LONG_BODY.substring(0, LONG_BODY.length() - 1));
        assertThat(((Call) segments.get(2)).use().args()).containsExactly("p".repeat(4000));
        assertThat(ReadCounts.perChar(splitter)).as("characters looked at per character").isLessThan(STREAMED_READS_PER_CHAR);
    }

    @Test
    void longMessageReadWholeIsReadInLinearWork() {
        String msg = longMessage();
        List<Segment> segments = new ArrayList<>();
        StreamSplitter.collect(splitter.feed(msg), segments);
        StreamSplitter.collect(splitter.finish(), segments);
        assertThat(segments).hasSize(3);
        assertThat(ReadCounts.perChar(splitter)).as("characters looked at per character").isLessThan(WHOLE_READS_PER_CHAR);
    }

    /** A long call body full of almost-closers, prose full of almost-tags, a long attribute. */
    private static String longMessage() {
        String prose = "a < b <c d=\"e\" f='g' ".repeat(15_000);
        return "<tool-use>\n<shell>\n" + LONG_BODY + "</shell>\n" + prose + "\n<save args=\"" + "p".repeat(4000)
                + "\">\n" + LONG_BODY + "</save>\n</tool-use>\n";
    }

    private static List<Segment> segments(List<StreamEvent> events) {
        return events.stream().filter(Completed.class::isInstance).map(e -> ((Completed) e).segment()).toList();
    }
}
