package dev.rosetta.core.secret;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

/** The one rule for secrets in text: whole or in pieces, the same text comes out, and no secret. */
class RedactionTest {

    private static final String KEY = "sk-live-0123456789abcdef";
    private static final String TOKEN = "ghp_tokentokentoken";
    private final Redaction redaction = Redaction.of(List.of(KEY), "[the API key]")
            .and(Redaction.of(List.of(TOKEN, "short"), "***"));

    @Test
    void everySecretIsReplacedByWhatItIsShownAsAndShortValuesAreNoSecrets() {
        assertThat(redaction.apply("key " + KEY + ", token " + TOKEN + ", short"))
                .isEqualTo("key [the API key], token ***, short");
        assertThat(redaction.toString()).doesNotContain(KEY).doesNotContain(TOKEN);
    }

    @Test
    void aSecretHoldingAnotherIsBlankedWhole() {
        Redaction nested = Redaction.of(List.of("abcdefgh"), "<inner>").and(Redaction.of(List.of("xxabcdefghyy"), "<outer>"));
        assertThat(nested.apply("1 xxabcdefghyy 2 abcdefgh")).isEqualTo("1 <outer> 2 <inner>");
    }

    /** A property: cut anywhere, the pieces come out as the whole does, and only a secret's start is held. */
    @Test
    void textInPiecesComesOutAsTheWholeTextDoesWhereverItIsCut() {
        Random random = new Random(25);
        String[] words = {"sk-", "sk-live", KEY, TOKEN, "ghp_", " ", "\n", "text", "s", "é", "k", "0123456789"};
        for (int round = 0; round < 2_000; round++) {
            StringBuilder whole = new StringBuilder();
            for (int w = random.nextInt(12); w >= 0; w--) {
                whole.append(words[random.nextInt(words.length)]);
            }
            Redaction.Stream stream = redaction.stream();
            StringBuilder out = new StringBuilder();
            for (int at = 0; at < whole.length(); ) {
                int next = Math.min(whole.length(), at + 1 + random.nextInt(6));
                out.append(stream.feed(whole.substring(at, next)));
                at = next;
            }
            out.append(stream.flush());
            assertThat(out.toString()).as(whole.toString()).isEqualTo(redaction.apply(whole.toString()))
                    .doesNotContain(KEY).doesNotContain(TOKEN);
        }
    }

    @Test
    void aStreamHoldsBackOnlyWhatCouldStillBecomeASecret() {
        Redaction.Stream stream = redaction.stream();
        assertThat(stream.feed("hello wor")).isEqualTo("hello wor");
        assertThat(stream.feed("ld, sk-li")).isEqualTo("ld, ");
        assertThat(stream.feed("ve-0123456789abcdef!")).isEqualTo("[the API key]!");
        assertThat(stream.feed("sk-lime")).isEqualTo("sk-lime");
        assertThat(stream.holds()).isFalse();
    }

    @Test
    void bytesOfUtf8AreBlankedByTheSameRule() {
        Redaction bytes = Redaction.of(List.of("clé-secrète-42"), "***").forBytes();
        byte[] output = "ma clé-secrète-42 ici".getBytes(StandardCharsets.UTF_8);
        String latin1 = new String(output, StandardCharsets.ISO_8859_1);
        Redaction.Stream stream = bytes.stream();
        String out = stream.feed(latin1.substring(0, 7)) + stream.feed(latin1.substring(7)) + stream.flush();
        assertThat(new String(out.getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8)).isEqualTo("ma *** ici");
    }
}
