package dev.rosetta.llm.provider;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class OllamaHostTest {

    @ParameterizedTest
    @CsvSource({
        "'', http://127.0.0.1:11434",
        "localhost, http://localhost:11434",
        "localhost:8080, http://localhost:8080",
        "0.0.0.0, http://127.0.0.1:11434",
        "0.0.0.0:11435, http://127.0.0.1:11435",
        "gpu-box, http://gpu-box:11434",
        "http://gpu-box, http://gpu-box:80",
        "https://ollama.example.com, https://ollama.example.com:443",
        "https://ollama.example.com/proxy/, https://ollama.example.com:443/proxy",
        "http://10.0.0.5:11434/, http://10.0.0.5:11434",
        "'[::1]:11434', 'http://[::1]:11434'",
        "'::', 'http://[::1]:11434'",
        "gpu-box:notaport, http://gpu-box:11434",
    })
    void ollamaHostIsReadAsOllamasOwnClientReadsIt(String host, String url) {
        assertThat(OllamaHost.url(host)).isEqualTo(url);
    }

    @Test
    void ollamaHostPointsBothTheOllamaApiAndTheLocalOpenAiCompatibleOne() throws Exception {
        ProviderDirectory directory = new ProviderDirectory(List.of(), Map.of("OLLAMA_HOST", "gpu-box:11500"));
        assertThat(directory.baseUrl(directory.require("ollama"))).hasToString("http://gpu-box:11500");
        assertThat(directory.baseUrl(directory.require("local"))).hasToString("http://gpu-box:11500/v1");
        ProviderDirectory plain = new ProviderDirectory(List.of(), Map.of());
        assertThat(plain.baseUrl(plain.require("ollama"))).hasToString("http://127.0.0.1:11434");
    }

    @Test
    void serversTheUserRunsAreSelfHostedAndTheServicesAreNot() throws Exception {
        ProviderDirectory directory = new ProviderDirectory(
                List.of(ProviderDirectory.custom("mylab", "http://gpu-box:8000/v1", null)), Map.of());
        assertThat(directory.all()).filteredOn(ProviderDirectory::selfHosted).extracting(ProviderSettings::name)
                .containsExactlyInAnyOrder("local", "ollama", "mylab");
        assertThat(directory.require("ollama").keyRequired()).isFalse();
    }
}
