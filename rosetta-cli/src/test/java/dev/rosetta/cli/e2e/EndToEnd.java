package dev.rosetta.cli.e2e;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * What every end-to-end test starts with: a fake provider on loopback and a sandbox whose
 * environment points Rosetta at it.
 */
abstract class EndToEnd {

    @TempDir
    Path temp;

    FakeProvider model;
    Sandbox sandbox;

    @BeforeEach
    void startFakeProvider() {
        model = new FakeProvider();
        sandbox = new Sandbox(temp, model.baseUrls());
    }

    @AfterEach
    void stopFakeProvider() {
        model.close();
        if (model.unanswered() > 0) {
            throw new AssertionError(model.unanswered() + " scripted replies were never asked for");
        }
    }

    /** The requests made, each checked to have gone to {@code api}. */
    List<WireRequest> requestsTo(Api api) {
        List<WireRequest> requests = model.requests();
        for (WireRequest r : requests) {
            if (r.api() != api) {
                throw new AssertionError("a request went to " + r.api() + ", not " + api);
            }
        }
        return requests;
    }
}
