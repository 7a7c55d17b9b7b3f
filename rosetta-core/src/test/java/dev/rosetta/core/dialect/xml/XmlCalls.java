package dev.rosetta.core.dialect.xml;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.split.Segment;
import dev.rosetta.core.split.Segment.Call;
import dev.rosetta.core.split.Segment.Prose;
import dev.rosetta.core.split.Segment.Unparsed;
import dev.rosetta.core.split.Splitting;

/** Test support: splits in xml mode (checking every chunking) and picks segments out. */
final class XmlCalls {

    private XmlCalls() {}

    static List<Segment> split(String message) {
        return Splitting.split(message, ToolFormat.XML);
    }

    static Call onlyCall(String message) {
        return onlyCall(split(message));
    }

    /** The one segment that is not prose, which must be a call. */
    static Call onlyCall(List<Segment> segments) {
        List<Segment> calls = segments.stream().filter(s -> !(s instanceof Prose)).toList();
        assertThat(calls).as("segments of %s", segments).hasSize(1);
        assertThat(calls.get(0)).as("the one non-prose segment").isInstanceOf(Call.class);
        return (Call) calls.get(0);
    }

    static Unparsed onlyUnparsed(String message) {
        List<Segment> segments = split(message);
        List<Segment> others = segments.stream().filter(s -> !(s instanceof Prose)).toList();
        assertThat(others).as("segments of %s", segments).hasSize(1);
        assertThat(others.get(0)).as("the one non-prose segment").isInstanceOf(Unparsed.class);
        return (Unparsed) others.get(0);
    }

    static List<String> proseOf(List<Segment> segments) {
        return segments.stream().filter(s -> s instanceof Prose).map(s -> ((Prose) s).text()).toList();
    }
}
