package dev.rosetta.agent.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.rosetta.core.secret.Redaction;

class KnownSecretsTest {

    @Test
    void theValuesOfSecretVariablesAreBlankedAsTheirNamesAndShortOnesAreLeft() {
        Map<String, String> env = Map.of("OPENAI_API_KEY", "sk-proj-0123456789abcdef", "MYPROV_TOKEN", "tok_abcdefghijkl",
                "AWS_REGION", "us-east-1", "HOME", "/home/someone/with/a/long/path");
        Redaction known = KnownSecrets.of(env, name -> name.endsWith("_KEY") || name.endsWith("_TOKEN")
                || name.startsWith("AWS_"));

        assertThat(known.apply("key sk-proj-0123456789abcdef token tok_abcdefghijkl in us-east-1 at /home/someone/with/a/long/path"))
                .isEqualTo("key [$OPENAI_API_KEY] token [$MYPROV_TOKEN] in us-east-1 at /home/someone/with/a/long/path");
    }
}
