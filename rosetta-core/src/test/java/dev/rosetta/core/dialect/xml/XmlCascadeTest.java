package dev.rosetta.core.dialect.xml;

import static dev.rosetta.core.dialect.xml.XmlCalls.onlyCall;
import static dev.rosetta.core.dialect.xml.XmlCalls.onlyUnparsed;
import static dev.rosetta.core.dialect.xml.XmlCalls.split;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.rosetta.core.split.Segment;
import dev.rosetta.core.split.Segment.Call;
import dev.rosetta.core.split.Segment.Prose;
import dev.rosetta.core.split.Segment.Thinking;
import dev.rosetta.core.split.Segment.Unparsed;

/** The xml reader among the others of xml mode: thinking first, fences after. */
class XmlCascadeTest {

    @Test
    void callInsideThinkingIsReportedNotRun() {
        List<Segment> s = split("<think>\nI should list files.\n<tool-use>\n<shell>ls</shell>\n</tool-use>\n</think>\nOk.");
        assertThat(s).filteredOn(Call.class::isInstance).isEmpty();
        Unparsed u = (Unparsed) s.stream().filter(Unparsed.class::isInstance).findFirst().orElseThrow();
        assertThat(u.raw()).isEqualTo("<shell>ls</shell>");
        assertThat(u.dialect()).isSameAs(XmlDialect.INSTANCE);
        assertThat(u.problem()).contains("<think>");
        assertThat(s.get(0)).isInstanceOf(Thinking.class);
        assertThat(s.get(s.size() - 1)).isInstanceOf(Prose.class);
    }

    @Test
    void callAfterThinkingRuns() {
        List<Segment> s = split("<think>\nlist them\n</think>\n<tool-use>\n<shell>ls</shell>\n</tool-use>");
        assertThat(s.get(0)).isInstanceOf(Thinking.class);
        assertThat(s).filteredOn(Call.class::isInstance).hasSize(1);
    }

    @Test
    void unclosedWrapperInsideThinkingEndsWithTheThinking() {
        List<Segment> s = split("<think>\n<tool-use>\n</think>\nHello.");
        assertThat(s).filteredOn(Unparsed.class::isInstance).singleElement()
                .satisfies(u -> assertThat(((Unparsed) u).problem()).contains("unclosed <tool-use>"));
        assertThat(((Prose) s.get(s.size() - 1)).text()).isEqualTo("\nHello.");
    }

    @Test
    void fencedShellBlockInXmlModeIsCodeForTheUserNeitherRunNorReported() {
        List<Segment> s = split("Running:\n```shell\nls\n```\n");
        assertThat(s).singleElement().isInstanceOfSatisfying(Prose.class,
                p -> assertThat(p.blocks()).singleElement().satisfies(b -> assertThat(b.info()).isEqualTo("shell")));
    }

    @Test
    void toolUseInsideAnXmlFenceIsProse() {
        String msg = "The format is:\n```xml\n<tool-use>\n<shell>ls</shell>\n</tool-use>\n```\nThat's it.";
        assertThat(split(msg)).allMatch(Prose.class::isInstance);
    }

    @Test
    void fencedBlockAfterAnXmlCallStaysAFence() {
        List<Segment> s = split("<tool-use>\n<shell>ls</shell>\n</tool-use>\n```python\nprint(1)\n```\n");
        assertThat(s.get(0)).isInstanceOf(Call.class);
        assertThat(s.get(1)).isInstanceOfSatisfying(Prose.class, p -> assertThat(p.blocks()).hasSize(1));
    }

    @Test
    void bodyHoldingThinkTagsAndFencesIsStillTheBody() {
        String body = "</think>\n```shell\nls\n```\n<think>";
        assertThat(onlyCall("<tool-use>\n<save args=\"x.md\">\n" + body + "\n</save>\n</tool-use>").use().content())
                .isEqualTo(body);
    }
}
