package dev.rosetta.core.dialect;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.rosetta.core.dialect.schema.SchemaGuidedDialect;
import dev.rosetta.core.split.Reader;
import dev.rosetta.core.tool.BuiltinTools;
import dev.rosetta.core.tool.ToolCatalog;

/**
 * A dialect read as drift in another format's conversation is asked at exactly the places its
 * own reader is, and brings the same reasoning markers: reporting a call instead of running it
 * must not make the cascade ask the reader everywhere, nor forget how the dialect reasons.
 */
class ReportedDriftTest {

    private static final ToolCatalog TOOLS = BuiltinTools.catalog();

    @Test
    void aDriftReaderListsTheStartsAndReasoningOfTheReaderItWraps() {
        List<Dialect> dialects = new ArrayList<>();
        for (ToolFormat f : ToolFormat.values()) {
            dialects.add(f.dialect());
        }
        dialects.add(SchemaGuidedDialect.INSTANCE);
        int wrapped = 0;
        for (Dialect d : dialects) {
            Reader own = d.reader(TOOLS);
            Reader drift = d.driftReader(ToolFormat.MARKDOWN.dialect(), TOOLS);
            if (!(drift instanceof ReportedDrift)) {
                continue;
            }
            wrapped++;
            assertThat(drift.literalStarts()).as(d.name()).isEqualTo(own.literalStarts());
            assertThat(drift.reasoningMarkers()).as(d.name()).isEqualTo(own.reasoningMarkers());
            assertThat(drift.lineStarts()).as(d.name()).isEqualTo(own.lineStarts());
            assertThat(drift.midLineStarts()).as(d.name()).isEqualTo(own.midLineStarts());
            for (char c : (own.lineStarts() + own.midLineStarts()).toCharArray()) {
                assertThat(drift.secondChars(c)).as(d.name() + " after " + c).isEqualTo(own.secondChars(c));
            }
        }
        assertThat(wrapped).as("dialects whose drift is reported").isGreaterThanOrEqualTo(3);
    }
}
