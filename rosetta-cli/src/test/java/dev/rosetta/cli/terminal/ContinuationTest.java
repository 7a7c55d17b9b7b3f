package dev.rosetta.cli.terminal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ContinuationTest {

    @Test
    void lineEndingWithOneBackslashGoesOn() {
        assertThat(Continuation.endsWithBackslash("first line \\")).isTrue();
        assertThat(Continuation.endsWithBackslash("a\nb\\")).isTrue();
    }

    @Test
    void doubledBackslashIsMeantAndSends() {
        assertThat(Continuation.endsWithBackslash("C:\\temp\\\\")).isFalse();
    }

    @Test
    void backslashesElsewhereDoNotMatter() {
        assertThat(Continuation.endsWithBackslash("grep '\\d+' file")).isFalse();
        assertThat(Continuation.endsWithBackslash("")).isFalse();
        assertThat(Continuation.endsWithBackslash("ends with space \\ ")).isFalse();
    }
}
