package dev.rosetta.cli.render;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import dev.rosetta.tools.Preview;

class PreviewTextTest {

    private static final String DIFF = """
            --- a/notes.md
            +++ b/notes.md
            @@ -1,2 +1,2 @@
             # Notes
            -old line
            +new line
            """;
    private static final TerminalStyle COLOUR = new TerminalStyle(true, true);

    @Test
    void diffIsIndentedUnderANamedHeaderWithoutColourWhenColourIsOff() {
        String text = PreviewText.of(new Preview.FileChange("notes.md", DIFF, false), TerminalStyle.plain());

        assertThat(text).isEqualTo("""
                change notes.md
                  --- a/notes.md
                  +++ b/notes.md
                  @@ -1,2 +1,2 @@
                   # Notes
                  -old line
                  +new line
                """);
    }

    @Test
    void addedLinesAreGreenRemovedRedAndHunksCyanWhenColourIsOn() {
        String text = PreviewText.of(new Preview.FileChange("notes.md", DIFF, false), COLOUR);

        assertThat(text).contains("\u001b[32m+new line\u001b[0m")
                .contains("\u001b[31m-old line\u001b[0m")
                .contains("\u001b[36m@@ -1,2 +1,2 @@\u001b[0m")
                .contains("\u001b[1m--- a/notes.md\u001b[0m")
                .contains("   # Notes\n");
    }

    @Test
    void removedLineThatStartsWithDashesInsideAHunkIsStillRed() {
        String diff = "--- a/x.md\n+++ b/x.md\n@@ -1 +1 @@\n--- rule\n+++ plus\n";

        String text = PreviewText.of(new Preview.FileChange("x.md", diff, false), COLOUR);

        assertThat(text).contains("\u001b[31m--- rule\u001b[0m").contains("\u001b[32m+++ plus\u001b[0m");
    }

    @Test
    void aNewFileIsNamedWithItsLineCountNotRepeated() {
        String diff = "--- /dev/null\n+++ b/hello.txt\n@@ -0,0 +1,2 @@\n+Hello,\n+world!\n";

        String text = PreviewText.of(new Preview.FileChange("hello.txt", diff, true), TerminalStyle.plain());

        assertThat(text).isEqualTo("new file hello.txt · 2 lines, shown above\n");
    }

    @Test
    void aNewFileShownWholeListsItsLinesUnderItsName() {
        String diff = "--- /dev/null\n+++ b/hello.txt\n@@ -0,0 +1,2 @@\n+Hello,\n+world!\n";
        Preview.FileChange created = new Preview.FileChange("hello.txt", diff, true);

        assertThat(PreviewText.whole(created, TerminalStyle.plain())).isEqualTo(
                "new file hello.txt\n  --- /dev/null\n  +++ b/hello.txt\n  @@ -0,0 +1,2 @@\n  +Hello,\n  +world!\n");
        assertThat(PreviewText.addedLines(created)).isEqualTo(2);
    }

    @Test
    void escapeSequencesFromTheModelAreShownNotObeyed() {
        String hostile = "echo \u001b]0;pwned\u0007 \u001b[2J\rdone";

        String command = PreviewText.of(new Preview.Command("bash", hostile), COLOUR);
        String diff = PreviewText.of(new Preview.FileChange("a\u001b[31m.txt", "+\u001b[2Jx\n", false), COLOUR);

        assertThat(command).doesNotContain("\u001b").doesNotContain("\r").contains("␛]0;pwned␇");
        assertThat(diff.replace("\u001b[0m", "").replaceAll("\u001b\\[[0-9;]*m", ""))
                .doesNotContain("\u001b").contains("a␛[31m.txt").contains("+␛[2Jx");
    }

    @Test
    void commandAndNoteAreIndentedAsTheyAre() {
        assertThat(PreviewText.of(new Preview.Command("bash", "ls -la\npwd\n"), TerminalStyle.plain()))
                .isEqualTo("  ls -la\n  pwd\n");
        assertThat(PreviewText.of(new Preview.Note("read notes.md, lines 1-20"), TerminalStyle.plain()))
                .isEqualTo("  read notes.md, lines 1-20\n");
    }

    @Test
    void noPreviewShowsNothing() {
        assertThat(PreviewText.of(null, COLOUR)).isEmpty();
        assertThat(PreviewText.of(new Preview.Note("  \n"), COLOUR)).isEmpty();
    }

    /** Issue 25 §1: an 81-line command is shown whole at the question, nothing folded. */
    @Test
    void anEightyOneLineCommandIsShownWholeAtTheQuestion() {
        StringBuilder command = new StringBuilder();
        for (int i = 1; i <= 81; i++) {
            command.append(i == 41 ? "rm -rf victim" : "echo " + i).append('\n');
        }
        String text = PreviewText.of(new Preview.Command("bash", command.toString()), TerminalStyle.plain());

        assertThat(text.lines()).hasSize(81).contains("  rm -rf victim", "  echo 1", "  echo 81");
    }

    /** Issue 25 §1: zero-width, bidi and other format characters are shown as visible marks at the question. */
    @Test
    void invisibleCharactersAtTheQuestionAreShownAsMarks() {
        String text = PreviewText.of(new Preview.Command("bash", "echo ok\u200B; r\u200Dm -rf \u202Evictim\u00A0x\n"),
                TerminalStyle.plain());

        assertThat(text).isEqualTo("  echo ok<U+200B>; r<U+200D>m -rf <U+202E>victim<U+00A0>x\n");
    }

    @Test
    void aNewFileWithInvisibleCharactersIsShownWholeAndMarkedNotOnlyNamed() {
        String diff = "--- /dev/null\n+++ b/a.sh\n@@ -0,0 +1,2 @@\n+echo hi\n+rm\u2060 -rf x\n";
        String plain = "--- /dev/null\n+++ b/a.sh\n@@ -0,0 +1,1 @@\n+echo hi\n";

        assertThat(PreviewText.of(new Preview.FileChange("a.sh", diff, true), TerminalStyle.plain()))
                .contains("new file a.sh\n", "  +rm<U+2060> -rf x\n");
        assertThat(PreviewText.of(new Preview.FileChange("a.sh", plain, true), TerminalStyle.plain()))
                .isEqualTo("new file a.sh · 1 line, shown above\n");
    }

    /** What a page or an editor over ACP shows is marked by the same rule as the terminals. */
    @Test
    void everyFrontEndGetsTheSameMarks() {
        Preview preview = new Preview.Command("bash", "echo \u200Bx\u202E\n");

        assertThat(PreviewText.of(preview, TerminalStyle.plain())).isEqualTo("  " + ((Preview.Command) preview.marked())
                .text());
    }
}
