package dev.rosetta.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Collection;
import java.util.List;
import java.util.Map;

import dev.rosetta.cli.render.TerminalJsonEscapes;
import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.split.Segment;
import dev.rosetta.core.split.Segment.Call;
import dev.rosetta.core.split.Segment.Prose;
import dev.rosetta.core.split.Segment.Thinking;
import dev.rosetta.core.split.Segment.Unparsed;
import dev.rosetta.core.tool.ToolUse;
import tools.jackson.core.JsonEncoding;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.ObjectWriteContext;
import tools.jackson.core.PrettyPrinter;
import tools.jackson.core.StreamWriteFeature;
import tools.jackson.core.io.CharacterEscapes;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.core.util.DefaultPrettyPrinter;

/**
 * Writes the object {@code rosetta parse} prints, {"format": …, "segments": […]}, and a
 * newline. A streaming generator writes straight to the output, so a large message with
 * thousands of segments never exists a second time as a tree or a string.
 *
 * <p>Only jackson-core is used: building databind's mapper costs more start-up time than
 * reading a megabyte, and the values written here are strings, numbers and the plain JSON
 * values of {@code kwargs}.
 */
final class SegmentJsonWriter {

    private final OutputStream out;
    private final boolean pretty;

    SegmentJsonWriter(OutputStream out, boolean pretty) {
        this.out = out;
        this.pretty = pretty;
    }

    /** Writes the segments, their offsets in the unit {@code offsets} counts. */
    void write(ToolFormat format, List<Segment> segments, Offsets offsets) throws IOException {
        try (JsonGenerator json = new JsonFactory().createGenerator(new Settings(pretty), out, JsonEncoding.UTF8)) {
            json.writeStartObject();
            json.writeStringProperty("format", format.id());
            json.writeName("segments");
            json.writeStartArray();
            for (Segment segment : segments) {
                writeSegment(json, segment, offsets);
            }
            json.writeEndArray();
            json.writeEndObject();
        }
        out.write('\n');
        out.flush();
    }

    private static void writeSegment(JsonGenerator json, Segment segment, Offsets offsets) {
        json.writeStartObject();
        switch (segment) {
            case Prose p -> {
                json.writeStringProperty("type", "prose");
                json.writeStringProperty("text", p.text());
            }
            case Thinking t -> {
                json.writeStringProperty("type", "thinking");
                json.writeStringProperty("text", t.text());
            }
            case Call c -> {
                json.writeStringProperty("type", "call");
                json.writeStringProperty("dialect", c.dialect().name());
                writeUse(json, c.use());
            }
            case Unparsed u -> {
                json.writeStringProperty("type", "unparsed");
                json.writeStringProperty("dialect", u.dialect().name());
                json.writeStringProperty("problem", u.problem());
                json.writeStringProperty("raw", u.raw());
            }
        }
        json.writeNumberProperty("start", offsets.at(segment.start()));
        json.writeNumberProperty("end", offsets.at(segment.end()));
        json.writeEndObject();
    }

    private static void writeUse(JsonGenerator json, ToolUse use) {
        json.writeStringProperty("tool", use.tool());
        json.writeName("args");
        writeValue(json, use.args());
        json.writeStringProperty("content", use.content()); // null when the call has no body
        json.writeName("kwargs");
        writeValue(json, use.kwargs());
        json.writeStringProperty("call_id", use.callId());
    }

    /** A JSON value as the readers build them: String, Number, Boolean, List, Map or null. */
    static void writeValue(JsonGenerator json, Object value) {
        switch (value) {
            case null -> json.writeNull();
            case String s -> json.writeString(s);
            case Boolean b -> json.writeBoolean(b);
            case Integer i -> json.writeNumber(i);
            case Long l -> json.writeNumber(l);
            case Double d -> json.writeNumber(d);
            case Float f -> json.writeNumber(f);
            case BigInteger i -> json.writeNumber(i);
            case BigDecimal d -> json.writeNumber(d);
            case Number n -> json.writeNumber(n.longValue());
            case Map<?, ?> map -> {
                json.writeStartObject();
                for (Map.Entry<?, ?> e : map.entrySet()) {
                    json.writeName(String.valueOf(e.getKey()));
                    writeValue(json, e.getValue());
                }
                json.writeEndObject();
            }
            case Collection<?> list -> {
                json.writeStartArray();
                for (Object item : list) {
                    writeValue(json, item);
                }
                json.writeEndArray();
            }
            // Not a JSON value, so not from a reader; its text is the most useful thing to show.
            default -> json.writeString(value.toString());
        }
    }

    /**
     * How the generator writes: indented or not, C1 controls and bidi overrides escaped as the
     * chat's JSON events are, and never closing the caller's stream.
     */
    private static final class Settings extends ObjectWriteContext.Base {

        private final boolean pretty;

        Settings(boolean pretty) {
            this.pretty = pretty;
        }

        @Override
        public boolean hasPrettyPrinter() {
            return pretty;
        }

        @Override
        public PrettyPrinter getPrettyPrinter() {
            return pretty ? new DefaultPrettyPrinter() : null;
        }

        @Override
        public CharacterEscapes getCharacterEscapes() {
            return TerminalJsonEscapes.INSTANCE;
        }

        @Override
        public int getStreamWriteFeatures(int defaults) {
            // The caller owns the stream (stdout): closing the generator must not close it.
            return defaults & ~StreamWriteFeature.AUTO_CLOSE_TARGET.getMask();
        }
    }
}
