package dev.rosetta.tools.shell.syntax;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Lines built to make a parser slow or crash it: each is read to a result. Nesting past the
 * limit, and look-ahead past 64 times the line's length (what would make {@code {{{{…} or
 * {@code [[[[…} quadratic), are problems — the line is then never allowed, not waited for.
 */
class BashParserLimitsTest {

    @Test
    void nestingDeeperThanTheLimitIsAProblemNotAStackOverflow() {
        String deep = "echo " + "$(".repeat(100_000) + ")".repeat(100_000);
        assertThat(BashParser.parse(deep).problem()).contains("deep");
        String backquotes = "echo " + "\"$(echo ".repeat(50_000) + ")\"".repeat(50_000);
        assertThat(BashParser.parse(backquotes).problem()).contains("deep");
        String groups = "{ ".repeat(100_000) + "true" + "; }".repeat(100_000);
        assertThat(BashParser.parse(groups).problem()).isNotEmpty();
    }

    @Test
    void lookAheadThatWouldGoQuadraticIsAProblem() {
        for (String unit : new String[] {"{", "[", "a[", "$((", "{a,"}) {
            ParsedLine p = BashParser.parse("echo " + unit.repeat(300_000 / unit.length()));
            assertThat(p.readable()).as(unit).isFalse();
        }
    }

    @Test
    void longLinesOfOrdinaryCommandsAreReadWhole() {
        String manyWords = "echo" + " 'a b' \"$x\" c{1,2} [ab]*".repeat(50_000);
        ParsedLine words = BashParser.parse(manyWords);
        assertThat(words.readable()).isTrue();
        assertThat(SimpleCommands.in(words.script())).singleElement()
                .satisfies(c -> assertThat(c.words().size()).isEqualTo(1 + 4 * 50_000));
        String bigBody = "cat > big.txt <<'EOF'\n" + "line of text {[$( `\n".repeat(200_000) + "EOF\n";
        ParsedLine heredoc = BashParser.parse(bigBody);
        assertThat(heredoc.readable()).isTrue();
        assertThat(SimpleCommands.in(heredoc.script())).hasSize(1);
        String manyCommands = "true; ".repeat(100_000);
        assertThat(SimpleCommands.in(BashParser.parse(manyCommands).script())).hasSize(100_000);
    }
}
