package dev.rosetta.tools.files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import dev.rosetta.tools.ToolFailure;

class LineRangeTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "120-180 | 120 | 180",
            "120-    | 120 | 2147483647",
            "-50     | 1   | 50",
            "42      | 42  | 42",
            "0-3     | 1   | 3",
            "' 10 - 20 ' | 10 | 20",
            "10:20   | 10  | 20",
            "10..20  | 10  | 20",
            "10–20   | 10  | 20",
            "L10-L20 | 10  | 20",
            "lines 5-6 | 5 | 6"})
    void everyWayOfWritingARangeParses(String text, int first, int last) throws ToolFailure {
        assertThat(LineRange.parse(text)).isEqualTo(new LineRange(first, last));
    }

    @ParameterizedTest
    @ValueSource(strings = {"-", "abc", "1-2-3", "20-10", "99999999999-"})
    void nonsenseIsInvalidArgs(String text) {
        assertThatThrownBy(() -> LineRange.parse(text)).isInstanceOf(ToolFailure.class);
    }
}
