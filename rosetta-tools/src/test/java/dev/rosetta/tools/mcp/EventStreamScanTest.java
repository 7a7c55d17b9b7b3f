package dev.rosetta.tools.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

class EventStreamScanTest {

    private static EventStreamScan scan(String... chunks) {
        EventStreamScan scan = new EventStreamScan();
        for (String chunk : chunks) {
            ByteBuffer bytes = ByteBuffer.wrap(chunk.getBytes(StandardCharsets.UTF_8));
            scan.feed(bytes);
            assertThat(bytes.position()).as("the SDK's reader still gets every byte").isZero();
        }
        return scan;
    }

    @Test
    void anEventsIdAndTheRetryTimeAreKeptOnceTheEventIsWhole() {
        EventStreamScan scan = scan("id: e1\r\nretry: 500\r\n", "data:\r\n\r\n");

        assertThat(scan.lastId()).isEqualTo("e1");
        assertThat(scan.retryMillis()).isEqualTo(500);
        assertThat(scan.betweenEvents()).isTrue();
        assertThat(scan.responseSeen()).isFalse();
    }

    @Test
    void anIdBecomesTheLastOnlyWhenItsEventEnds() {
        EventStreamScan scan = scan("id: e1\n\nid: e2\ndata: {\"jsonrpc\"");

        assertThat(scan.lastId()).isEqualTo("e1");
        assertThat(scan.betweenEvents()).as("cut inside an event").isFalse();
    }

    @Test
    void aResponseIsSeenAcrossChunksButARequestFromTheServerIsNot() {
        EventStreamScan request = scan("data: {\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"elicitation/create\","
                + "\"params\":{\"result\":1}}\n\n");
        assertThat(request.responseSeen()).isFalse();

        EventStreamScan response = scan("data: {\"jsonrpc\":\"2.0\",\"id\":7,", "\"result\":{\"content\":[]}}\n",
                "\n");
        assertThat(response.responseSeen()).isTrue();
        assertThat(EventStreamScan.isResponse("{\"id\":1,\"error\":{\"code\":-1}}")).isTrue();
        assertThat(EventStreamScan.isResponse("not json")).isFalse();
    }

    @Test
    void aCommentKeepsNothingButIsAnEventOfItsOwn() {
        EventStreamScan scan = scan(": keep-alive\n\n");

        assertThat(scan.lastId()).isNull();
        assertThat(scan.events()).isEqualTo(1);
        assertThat(scan.betweenEvents()).isTrue();
    }
}
