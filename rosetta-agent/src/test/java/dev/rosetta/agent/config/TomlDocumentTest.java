package dev.rosetta.agent.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.rosetta.core.RosettaException;

/** A broken TOML file is one line: the file, the line and column, and the problem. */
class TomlDocumentTest {

    @TempDir
    Path dir;

    private String errorOf(String text) throws IOException {
        Path file = dir.resolve("config.toml");
        Files.writeString(file, text);
        try {
            TomlDocument.read(file);
        } catch (RosettaException e) {
            assertThat(e.getMessage()).doesNotContain("\n");
            return e.getMessage();
        }
        throw new AssertionError("no error for:\n" + text);
    }

    @Test
    void aMissingValueNamesItsLineAndColumn() throws IOException {
        assertThat(errorOf("[models]\ndefault = \n")).isEqualTo(dir.resolve("config.toml") + ":2:11: invalid TOML:"
                + " Newline not permitted here (a value is missing, or a string is not closed on its line)");
    }

    /** Issue 10 #18: Jackson's depth limit came as its own words, naming its internals and no place. */
    @Test
    void nestingTooDeepNamesTheLineAndColumnInOurWords() throws IOException {
        String deep = "[" .repeat(3000) + "]".repeat(3000);
        Path file = dir.resolve("config.toml");
        assertThat(errorOf("x = 1\n# a comment with [[[ brackets\nname = \"[[[[\"\na = " + deep + "\n"))
                .isEqualTo(file + ":4:504: invalid TOML: nested too deep (more than 500 levels of tables, arrays and"
                        + " dotted keys); a config needs a few");
        assertThat(errorOf("b = 2\n" + "a" + ".a".repeat(3000) + " = 1\n")).startsWith(file + ":2:")
                .contains("nested too deep").doesNotContain("StreamReadConstraints");
        assertThat(errorOf("[" + String.join(".", java.util.Collections.nCopies(3000, "t")) + "]\n"))
                .startsWith(file + ":1:").contains("nested too deep");
        assertThat(errorOf("a = " + "{b=".repeat(3000) + "1" + "}".repeat(3000) + "\n")).startsWith(file + ":1:")
                .contains("nested too deep");
    }

    @Test
    void anUnclosedStringNamesItsLine() throws IOException {
        assertThat(errorOf("a = 1\nname = \"unfinished\nb = 2\n")).startsWith(dir.resolve("config.toml") + ":2:")
                .contains("invalid TOML");
    }

    @Test
    void aKeySetTwiceNamesTheSecond() throws IOException {
        assertThat(errorOf("[env]\nA = \"1\"\nA = \"2\"\n")).startsWith(dir.resolve("config.toml") + ":3:")
                .endsWith("Duplicate key (a key is set twice in the same table)");
    }

    @Test
    void aTableRepeatedIsNamed() throws IOException {
        assertThat(errorOf("[env]\nA = \"1\"\n[env]\nB = \"2\"\n")).startsWith(dir.resolve("config.toml") + ":3:")
                .contains("a [table] header appears twice");
    }

    @Test
    void anUnquotedStringGetsAHintAboutQuotes() throws IOException {
        assertThat(errorOf("\n\nmodel = openai/gpt-4.1\n")).startsWith(dir.resolve("config.toml") + ":3:")
                .contains("text values need quotes");
    }

    @Test
    void aFileThatIsNotUtf8SaysSo() throws IOException {
        Path file = dir.resolve("latin1.toml");
        Files.write(file, new byte[] {'a', ' ', '=', ' ', '"', (byte) 0xE9, '"', '\n'});
        assertThatThrownBy(() -> TomlDocument.read(file)).hasMessage(file + ": not UTF-8 text; save it as UTF-8");
    }

    @Test
    void aMissingFileIsNoDocumentAndNoError() {
        assertThat(TomlDocument.read(dir.resolve("absent.toml"))).isEmpty();
    }

    @Test
    void anEmptyFileOrOneWithOnlyCommentsOrAByteOrderMarkIsFine() throws IOException {
        Path file = dir.resolve("c.toml");
        for (String text : new String[] {"", "# nothing\n", "\uFEFFa = 1\n"}) {
            Files.writeString(file, text);
            assertThat(TomlDocument.read(file)).isPresent();
        }
    }

    @Test
    void anUnreadableFileIsOneLine() throws IOException {
        Path folder = dir.resolve("folder.toml");
        Files.createDirectories(folder);
        assertThatThrownBy(() -> TomlDocument.read(folder)).hasMessageStartingWith("could not read " + folder);
    }
}
