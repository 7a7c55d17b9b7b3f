package dev.rosetta.core.dialect;

import static dev.rosetta.core.split.Splitting.calls;
import static dev.rosetta.core.split.Splitting.unparsed;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

import dev.rosetta.core.split.Segment;
import dev.rosetta.core.split.Splitting;
import dev.rosetta.core.split.StreamSplitter;
import dev.rosetta.core.tool.BuiltinTools;
import dev.rosetta.core.tool.Parameter;
import dev.rosetta.core.tool.ToolCatalog;
import dev.rosetta.core.tool.ToolSpec;
import dev.rosetta.core.tool.ToolUse;

/**
 * Every spelling in every format: a call written in any dialect, in a conversation of any format,
 * runs with its dialect recorded — unless it is ambiguous drift there (a bare llama3 object or
 * pythonic list outside its own format), which is reported, or a fenced block outside the markdown
 * format, which is code for the user: neither run nor reported. The format decides how Rosetta
 * asks, not what it reads. docs/DIALECTS.md has this table with its reasons.
 */
class FormatMatrixTest {

    private static final ToolUse LS = ToolUse.positional("shell", List.of(), "ls -la");

    /** The call as the dialect of {@code written} spells it. */
    private static String callIn(ToolFormat written) {
        return written.dialect().write(LS, BuiltinTools.SHELL);
    }

    /** Whether a call written in {@code written} is reported, not run, when the model was asked for {@code asked}. */
    static boolean reportedAsDrift(ToolFormat written, ToolFormat asked) {
        if (written == asked) {
            return false;
        }
        return written == ToolFormat.LLAMA3 || written == ToolFormat.PYTHONIC;
    }

    /** Whether a call written in {@code written} is prose for the user when the model was asked for {@code asked}. */
    static boolean codeForTheUser(ToolFormat written, ToolFormat asked) {
        return written == ToolFormat.MARKDOWN && asked != ToolFormat.MARKDOWN;
    }

    static Stream<Arguments> everyDialectInEveryFormat() {
        List<Arguments> out = new ArrayList<>();
        for (ToolFormat asked : ToolFormat.values()) {
            for (ToolFormat written : ToolFormat.values()) {
                out.add(Arguments.of(written, asked));
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} call in the {1} format")
    @MethodSource("everyDialectInEveryFormat")
    void callRunsInItsDialectOrIsReportedAsDrift(ToolFormat written, ToolFormat asked) {
        List<Segment> s = Splitting.split("Let me list the files.\n" + callIn(written) + "\nThat is all.", asked);
        if (codeForTheUser(written, asked)) {
            assertThat(s).as("segments").allMatch(Segment.Prose.class::isInstance);
        } else if (reportedAsDrift(written, asked)) {
            assertThat(calls(s)).as("calls in %s", s).isEmpty();
            assertThat(unparsed(s)).as("unparsed in %s", s).singleElement()
                    .satisfies(u -> assertThat(u.dialect()).isSameAs(written.dialect()));
        } else {
            assertThat(unparsed(s)).as("unparsed in %s", s).isEmpty();
            assertThat(calls(s)).as("calls in %s", s).singleElement().satisfies(c -> {
                assertThat(c.dialect()).isSameAs(written.dialect());
                assertThat(BuiltinTools.SHELL.bind(c.use()).values()).containsEntry("command", "ls -la");
            });
        }
    }

    @ParameterizedTest(name = "{0} call, no format asked")
    @EnumSource(ToolFormat.class)
    void withNoFormatAskedForEveryDialectRuns(ToolFormat written) {
        String message = "Let me list the files.\n" + callIn(written) + "\nThat is all.";
        List<Segment> s = StreamSplitter.split(message, ToolFormat.allReaders(BuiltinTools.catalog()));
        Splitting.checkCoverage(message, s);
        assertThat(calls(s)).singleElement().satisfies(c -> assertThat(c.dialect()).isSameAs(written.dialect()));
    }

    @ParameterizedTest(name = "{0} call in a fence, {1} format")
    @MethodSource("everyDialectInEveryFormat")
    void callInsideAFencedExampleIsProseInEveryFormat(ToolFormat written, ToolFormat asked) {
        if (written == ToolFormat.MARKDOWN) {
            return; // a fence inside a fence is the markdown rules' business (MarkdownReaderTest)
        }
        List<Segment> s = Splitting.split("For example:\n````text\n" + callIn(written) + "\n````\nLike that.", asked);
        assertThat(s).as("segments").allMatch(Segment.Prose.class::isInstance);
    }

    /** MCP tools are named {@code server.tool}: every dialect reads a dotted name back, in its own format and in auto. */
    @ParameterizedTest(name = "{0}")
    @EnumSource(ToolFormat.class)
    void dottedToolNamesReadBackInEveryDialect(ToolFormat format) {
        ToolSpec issue = new ToolSpec("github.create_issue", "Opens an issue.", "",
                List.of(Parameter.named("title", "string", "", true)), null, null, null);
        ToolCatalog tools = ToolCatalog.of(issue);
        String call = format.dialect().write(ToolUse.named(issue.name(), java.util.Map.of("title", "Crash"), null), issue);
        for (List<Segment> s : List.of(Splitting.split("Filing it.\n" + call + "\n", format, tools),
                StreamSplitter.split("Filing it.\n" + call + "\n", ToolFormat.allReaders(tools)))) {
            assertThat(calls(s)).as("calls in %s", s).singleElement().satisfies(c -> {
                assertThat(c.use().tool()).isEqualTo("github.create_issue");
                assertThat(issue.bind(c.use()).values()).containsEntry("title", "Crash");
            });
        }
    }
}
