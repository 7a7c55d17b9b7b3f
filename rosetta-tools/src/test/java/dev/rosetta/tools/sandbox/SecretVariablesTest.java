package dev.rosetta.tools.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import org.junit.jupiter.api.Test;

class SecretVariablesTest {

    @Test
    void theNamesTheProbeFoundReachingToolsAreSecret() {
        for (String name : List.of("OPENAI_API_KEY", "ANTHROPIC_API_KEY", "MYPROV_TOKEN", "GITHUB_TOKEN", "GH_TOKEN",
                "AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN", "AWS_PROFILE", "PGPASSWORD",
                "AZURE_CLIENT_SECRET", "GOOGLE_APPLICATION_CREDENTIALS", "NPM_CONFIG__AUTH", "HF_TOKEN",
                "DJANGO_SECRET_KEY", "STRIPE_KEY", "GITLAB_PAT", "openai_api_key")) {
            assertThat(SecretVariables.DEFAULT.withholds(name)).as(name).isTrue();
        }
    }

    @Test
    void ordinaryVariablesPass() {
        for (String name : List.of("PATH", "HOME", "LANG", "TERM", "PWD", "OLDPWD", "SHELL", "USER", "XDG_CONFIG_HOME",
                "JAVA_HOME", "KEYBOARD_LAYOUT", "MONKEY", "EDITOR", "SSH_TTY", "PYTHONPATH")) {
            assertThat(SecretVariables.DEFAULT.withholds(name)).as(name).isFalse();
        }
    }

    @Test
    void aProvidersKeyVariableIsSecretWhateverItIsCalled() {
        SecretVariables rule = SecretVariables.DEFAULT.naming(Set.of("DEEPTHOUGHT"));

        assertThat(SecretVariables.DEFAULT.withholds("DEEPTHOUGHT")).isFalse();
        assertThat(rule.withholds("DEEPTHOUGHT")).isTrue();
        assertThat(rule.withholds("deepthought")).isTrue();
    }

    @Test
    void aVariablePassedOnPurposeReachesTheToolsButStaysSecret() {
        SecretVariables rule = SecretVariables.DEFAULT.passing(Set.of("GITHUB_TOKEN"));

        assertThat(rule.withholds("GITHUB_TOKEN")).isFalse();
        assertThat(rule.isSecret("GITHUB_TOKEN")).as("still wiped from Rosetta's own block").isTrue();
        assertThat(rule.withholds("GH_TOKEN")).isTrue();
    }

    @Test
    void stripKeepsEverythingElseInOrder() {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("B", "1");
        env.put("OPENAI_API_KEY", "sk");
        env.put("A", "2");

        assertThat(SecretVariables.DEFAULT.strip(env)).containsExactly(Map.entry("B", "1"), Map.entry("A", "2"));
    }

    /** Seeded: the verdict never depends on case, and a secret word anywhere among ordinary ones makes a name secret. */
    @Test
    void verdictsIgnoreCaseAndFindTheWordAnywhere() {
        Random random = new Random(23);
        List<String> ordinary = List.of("MY", "APP", "HOST", "PORT", "DIR", "MODE", "LEVEL", "USER", "NAME", "URL");
        List<String> secret = List.of("TOKEN", "SECRET", "PASSWORD", "KEY", "API_KEY", "CREDENTIALS", "PASSWD");
        for (int i = 0; i < 2_000; i++) {
            StringBuilder name = new StringBuilder();
            int words = 1 + random.nextInt(4);
            boolean planted = random.nextBoolean();
            int at = random.nextInt(words);
            for (int w = 0; w < words; w++) {
                if (w > 0) {
                    name.append('_');
                }
                name.append(planted && w == at ? secret.get(random.nextInt(secret.size()))
                        : ordinary.get(random.nextInt(ordinary.size())));
            }
            String upper = name.toString();
            String mixed = randomCase(upper, random);
            assertThat(SecretVariables.DEFAULT.withholds(upper)).as(upper).isEqualTo(planted);
            assertThat(SecretVariables.DEFAULT.withholds(mixed)).as(mixed).isEqualTo(planted);
        }
    }

    private static String randomCase(String text, Random random) {
        StringBuilder out = new StringBuilder();
        for (char c : text.toCharArray()) {
            out.append(random.nextBoolean() ? String.valueOf(c).toLowerCase(Locale.ROOT) : String.valueOf(c));
        }
        return out.toString();
    }
}
