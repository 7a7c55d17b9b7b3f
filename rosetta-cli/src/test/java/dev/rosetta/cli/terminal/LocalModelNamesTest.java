package dev.rosetta.cli.terminal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ServerSocket;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.rosetta.llm.Providers;
import dev.rosetta.llm.http.HttpTransport;
import dev.rosetta.llm.provider.ProviderDirectory;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;

/** Tab after /model offers the models of the servers the user runs, asked for without making Tab wait. */
class LocalModelNamesTest {

    @Test
    void theModelsOllamaHasAreOfferedOnceTheyArrive() throws IOException {
        try (MockWebServer ollama = new MockWebServer()) {
            ollama.enqueue(new MockResponse.Builder().setHeader("content-type", "application/json").body(
                    "{\"models\":[{\"name\":\"qwen3:8b\",\"model\":\"qwen3:8b\",\"size\":5225388164,\"details\":"
                            + "{\"parameter_size\":\"8.2B\",\"quantization_level\":\"Q4_K_M\"}}]}").build());
            ollama.start();
            try (Providers providers = providers(Map.of("OLLAMA_HOST", ollama.getHostName() + ":" + ollama.getPort()))) {
                assertThat(new LocalModelNames(providers).whenArrived()).containsExactly("ollama/qwen3:8b");
            }
        }
    }

    @Test
    void aServerThatIsNotRunningOffersNothing() throws IOException {
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        try (Providers providers = providers(Map.of("OLLAMA_HOST", "127.0.0.1:" + port))) {
            LocalModelNames names = new LocalModelNames(providers);
            assertThat(names.whenArrived()).isEmpty();
            assertThat(names.now()).isEmpty();
        }
    }

    private static Providers providers(Map<String, String> env) {
        return new Providers(new ProviderDirectory(List.of(), env), HttpTransport.Settings.DEFAULT,
                Providers.OpenAiApi.AUTO);
    }
}
