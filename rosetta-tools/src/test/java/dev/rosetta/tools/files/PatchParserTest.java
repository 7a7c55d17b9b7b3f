package dev.rosetta.tools.files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.rosetta.core.tool.ErrorCode;
import dev.rosetta.tools.ToolFailure;

class PatchParserTest {

    @Test
    void hunksAreReadWithTheirLines() throws ToolFailure {
        List<Hunk> hunks = PatchParser.parse("""
                <<<<<<< ORIGINAL
                a
                b
                =======
                c
                >>>>>>> UPDATED
                <<<<<<< ORIGINAL
                d
                =======
                >>>>>>> UPDATED""");
        assertThat(hunks).containsExactly(
                new Hunk(1, List.of("a", "b"), List.of("c")),
                new Hunk(2, List.of("d"), List.of()));
    }

    @Test
    void crlfAndTrailingSpacesAfterMarkersAreTolerated() throws ToolFailure {
        assertThat(PatchParser.parse("<<<<<<< ORIGINAL  \r\na\r\n=======\t\r\nb\r\n>>>>>>> UPDATED \r\n"))
                .containsExactly(new Hunk(1, List.of("a"), List.of("b")));
    }

    @Test
    void equalsRunsOfOtherLengthsAreText() throws ToolFailure {
        assertThat(PatchParser.parse("<<<<<<< ORIGINAL\nTitle\n=====\n=======\nTitle\n========\n>>>>>>> UPDATED\n"))
                .containsExactly(new Hunk(1, List.of("Title", "====="), List.of("Title", "========")));
    }

    @Test
    void anIndentedMarkerIsText() throws ToolFailure {
        assertThat(PatchParser.parse("<<<<<<< ORIGINAL\n  =======\n=======\nx\n>>>>>>> UPDATED\n"))
                .containsExactly(new Hunk(1, List.of("  ======="), List.of("x")));
    }

    @Test
    void malformedPatchesSayWhatIsWrong() {
        assertProblem("just some new content\n", "the patch has no hunks");
        assertProblem("<<<<<<< ORIGINAL\na\n>>>>>>> UPDATED\n", "hunk 1 has no ======= line");
        assertProblem("<<<<<<< ORIGINAL\na\n=======\nb\n", "hunk 1 is not closed: the patch ends before its >>>>>>> UPDATED");
        assertProblem("<<<<<<< ORIGINAL\na\n", "the patch ends before its ======= and >>>>>>> UPDATED");
        assertProblem("<<<<<<< ORIGINAL\na\n=======\nb\n=======\nc\n>>>>>>> UPDATED\n", "hunk 1 has a second =======");
        assertProblem("=======\n", "line 1 of the patch is ======= outside a hunk");
        assertProblem("<<<<<<< ORIGINAL\na\n<<<<<<< ORIGINAL\n", "hunk 1 is not finished when line 3 starts another one");
        assertProblem("<<<<<<< ORIGINAL\na\n=======\nb\n<<<<<<< ORIGINAL\n", "hunk 1 is not closed with >>>>>>> UPDATED");
    }

    private static void assertProblem(String patch, String expected) {
        assertThatThrownBy(() -> PatchParser.parse(patch))
                .isInstanceOfSatisfying(ToolFailure.class, f -> {
                    assertThat(f.code()).isEqualTo(ErrorCode.INVALID_ARGS);
                    assertThat(f.getMessage()).contains(expected);
                });
    }
}
