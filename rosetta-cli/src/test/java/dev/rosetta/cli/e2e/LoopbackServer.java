package dev.rosetta.cli.e2e;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.function.Function;

import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;

/** A loopback HTTP server, started, whose every request is answered by one function (a fake provider's). */
public final class LoopbackServer {

    private LoopbackServer() {}

    /** Started on a free port; {@code answer} runs on the server's threads, one per request. */
    public static MockWebServer answering(Function<RecordedRequest, MockResponse> answer) {
        MockWebServer server = new MockWebServer();
        server.setDispatcher(new Dispatcher() {
            @Override
            public MockResponse dispatch(RecordedRequest request) {
                return answer.apply(request);
            }
        });
        try {
            server.start();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return server;
    }
}
