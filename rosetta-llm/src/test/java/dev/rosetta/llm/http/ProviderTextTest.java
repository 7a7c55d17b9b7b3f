package dev.rosetta.llm.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.rosetta.core.secret.Redaction;
import dev.rosetta.llm.ProviderException;
import dev.rosetta.llm.ProviderException.Kind;

/** The one rule for provider-originated text: the key blanked, one line, control characters shown not obeyed. */
class ProviderTextTest {

    private final Redaction secrets = Secrets.in(Map.of("authorization", "Bearer sk-live-0123456789",
            "x-api-key", "sk-ant-abcdefghij", "anthropic-version", "2023-06-01"));

    @Test
    void theKeysOfTheRequestAreBlankedWhateverHeaderCarriedThem() {
        assertThat(ProviderText.clean("upstream rejected key sk-live-0123456789 and sk-ant-abcdefghij", secrets))
                .isEqualTo("upstream rejected key [the API key] and [the API key]");
        assertThat(ProviderText.clean("version 2023-06-01", secrets)).isEqualTo("version 2023-06-01");
    }

    @Test
    void terminalEscapesAreShownAsTextNotSentToTheTerminal() {
        String title = "\u001b]0;pwned\u0007";
        String clipboard = "\u001b]52;c;ZWNobyBoaQ==\u0007";
        String clear = "\u001b[2J";
        String c1 = "\u009b31m";
        String cleaned = ProviderText.clean("bad " + title + clipboard + clear + c1 + "\u007f end", secrets);
        assertThat(cleaned).isEqualTo("bad \\x1b]0;pwned\\x07\\x1b]52;c;ZWNobyBoaQ==\\x07\\x1b[2J\\x9b31m\\x7f end");
        assertThat(cleaned.chars()).noneMatch(c -> Character.getType(c) == Character.CONTROL);
    }

    @Test
    void lineBreaksAndTabsBecomeSpacesSoAnErrorStaysOneLine() {
        assertThat(ProviderText.clean("<html>\r\n\t<title>Login</title>\n</html>", secrets))
                .isEqualTo("<html>   <title>Login</title> </html>");
    }

    @Test
    void bidirectionalOverridesAreShownSoTheyCannotReorderTheLine() {
        assertThat(ProviderText.clean("a\u202Eb\u2066c", secrets)).isEqualTo("a\\u202eb\\u2066c");
    }

    @Test
    void aFailureIsCleanedInItsMessageAndTheProvidersWords() {
        var e = new ProviderException(Kind.SERVER, 0, "openai reported an error: key sk-live-0123456789\u001b[2J",
                "key sk-live-0123456789\u001b[2J", null);
        ProviderException cleaned = ProviderText.clean(e, secrets);
        assertThat(cleaned.getMessage()).isEqualTo("openai reported an error: key [the API key]\\x1b[2J");
        assertThat(cleaned.providerMessage()).isEqualTo("key [the API key]\\x1b[2J");
        assertThat(cleaned.kind()).isEqualTo(Kind.SERVER);
    }
}
