package dev.rosetta.web.events;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

import org.junit.jupiter.api.Test;

import dev.rosetta.agent.session.NumberedEvent;
import dev.rosetta.agent.session.SessionEvent;

/** One browser's bounded queue of events: a client that falls behind is cut off after whole events, never grown. */
class EventStreamTest {

    private static NumberedEvent event(long seq) {
        return new NumberedEvent(seq, new SessionEvent.UserShown("message " + seq));
    }

    @Test
    void aClientThatFallsBehindGetsWhatWasQueuedWholeThenItsStreamEnds() throws Exception {
        EventStream stream = new EventStream(3);
        for (long seq = 1; seq <= 10; seq++) {
            stream.accept(event(seq));
        }
        assertThat(stream.overflowed()).isTrue();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        stream.pump(out, e -> EventStream.message("x-" + e.seq(), "{}"));
        String written = out.toString(StandardCharsets.UTF_8);
        assertThat(written).isEqualTo("id: x-1\ndata: {}\n\nid: x-2\ndata: {}\n\nid: x-3\ndata: {}\n\n");
    }

    @Test
    void anEndedStreamWritesWhatWaitsAndStops() throws Exception {
        EventStream stream = new EventStream(8);
        stream.accept(event(7));
        stream.end();
        stream.accept(event(8));
        assertThat(stream.take(Duration.ZERO)).extracting(NumberedEvent::seq).containsExactly(7L);
        assertThat(stream.take(Duration.ZERO)).isNull();
    }
}
