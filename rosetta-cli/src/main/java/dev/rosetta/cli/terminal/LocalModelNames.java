package dev.rosetta.cli.terminal;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import dev.rosetta.llm.Providers;
import dev.rosetta.llm.model.LocalModel;

/**
 * The models the servers the user runs have (Ollama's {@code /api/tags}, a local server's {@code
 * /v1/models}), for Tab after {@code /model}. They are asked for on a virtual thread as the prompt
 * opens, so Tab never waits on a server: until the answers are in, and for a server that is not
 * running, there are none.
 */
final class LocalModelNames {

    private final CompletableFuture<List<String>> names;

    LocalModelNames(Providers providers) {
        names = CompletableFuture.supplyAsync(() -> ask(providers), command -> Thread.ofVirtual()
                .name("rosetta-local-models").start(command));
    }

    /** The names that have arrived: {@code ollama/qwen3:8b}, … */
    List<String> now() {
        return names.getNow(List.of());
    }

    /** The names once every server has answered or failed (tests wait for them here). */
    List<String> whenArrived() {
        return names.join();
    }

    private static List<String> ask(Providers providers) {
        List<String> out = new ArrayList<>();
        for (String server : providers.localServers()) {
            try {
                providers.localModels(server).stream().map(LocalModel::name).forEach(out::add);
            } catch (RuntimeException e) { // a ProviderException too
                // not running, or no list: nothing to offer from it
            }
        }
        return List.copyOf(out);
    }
}
