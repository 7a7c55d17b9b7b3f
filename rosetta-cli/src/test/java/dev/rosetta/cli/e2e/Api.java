package dev.rosetta.cli.e2e;

import java.util.Arrays;
import java.util.Optional;

/** The three provider APIs Rosetta speaks, each with a model whose registry entry routes to it. */
enum Api {
    /** openai/gpt-4.1: Chat Completions (its registry entry does not ask for Responses). */
    CHAT_COMPLETIONS("openai/gpt-4.1", new ChatCompletionsWire()),
    /** openai/gpt-5: its registry entry says {@code responses_api}. */
    RESPONSES("openai/gpt-5", new ResponsesWire()),
    ANTHROPIC("anthropic/claude-sonnet-4-6", new MessagesWire());

    private final String model;
    private final Wire wire;

    Api(String model, Wire wire) {
        this.model = model;
        this.wire = wire;
    }

    /** A model that parallel-calls, served over this API. */
    String model() {
        return model;
    }

    Wire wire() {
        return wire;
    }

    static Optional<Api> forPath(String path) {
        return Arrays.stream(values()).filter(a -> a.wire.path().equals(path)).findFirst();
    }
}
