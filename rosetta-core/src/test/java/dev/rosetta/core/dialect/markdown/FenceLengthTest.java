package dev.rosetta.core.dialect.markdown;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * One rule for the length of a fence Rosetta writes around text (a call's body, piped input):
 * longer than any backtick run a markdown reader could take for a fence. The piped-input wrapper
 * used to count every run, also inside a line, and the dialect only runs at column 0.
 */
class FenceLengthTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            no backticks at all                      | plain text                | 3
            a run inside a line does not lengthen it | say ```` or ````` inline  | 3
            a run at column 0                        | a\\n````\\nb              | 5
            a run indented by three spaces           | list:\\n   ````\\n        | 5
            four spaces make it code, not a fence    | list:\\n    ``````\\n     | 3
            a bare CR ends a line                    | a\\r````                  | 5
            a short run at a line start              | ``x                       | 3
            """)
    void theFenceIsLongerThanEveryRunThatCouldCloseIt(String rule, String body, int length) {
        assertThat(MarkdownDialect.fenceLength(body.replace("\\n", "\n").replace("\\r", "\r"))).isEqualTo(length);
    }
}
