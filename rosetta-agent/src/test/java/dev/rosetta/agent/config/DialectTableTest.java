package dev.rosetta.agent.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.rosetta.agent.config.ConfigLayer.Kind;
import dev.rosetta.core.RosettaException;
import dev.rosetta.core.dialect.described.DescribedDialect;

/** {@code [[dialects]]}: a user's described dialects, read from their config or a file, wrong in one line at its place. */
class DialectTableTest {

    @TempDir
    Path dir;

    private final List<String> warnings = new ArrayList<>();

    private static final String ACME = """
            [[dialects]]
            name = "acme"
            shape = "json"
            open = "<|acme_call|>"
            close = "<|acme_end|>"
            """;

    private ConfigLayer layer(Kind kind, String text) throws IOException {
        Path file = dir.resolve(kind == Kind.PROJECT ? "rosetta.toml" : "config.toml");
        Files.writeString(file, text);
        return ConfigLayer.read(file, kind, warnings).orElseThrow();
    }

    @Test
    void aUsersConfigDescribesDialects() throws IOException {
        ConfigLayer layer = layer(Kind.USER, ACME);
        assertThat(layer.dialects()).extracting(DescribedDialect::name).containsExactly("acme");
        assertThat(warnings).isEmpty();
    }

    @Test
    void aProjectsDialectsAreIgnoredWithAWarningSayingWhere() throws IOException {
        ConfigLayer layer = layer(Kind.PROJECT, ACME);
        assertThat(layer.dialects()).isEmpty();
        assertThat(warnings).singleElement().asString().startsWith(dir.resolve("rosetta.toml") + ":1:")
                .contains("only your own config.toml may add one");
    }

    @Test
    void aMalformedEntryNamesTheFileLineAndKey() throws IOException {
        String text = ACME + "\n[[dialects]]\nname = \"other\"\nshape = \"jsno\"\nopen = \"<x>\"\n";
        assertThatThrownBy(() -> layer(Kind.USER, text)).isInstanceOf(RosettaException.class)
                .hasMessage(dir.resolve("config.toml") + ":9:1: dialects[2].shape: 'jsno' is not a shape; use one of json,"
                        + " header-json, tags, key-value, python, object, code, thought");
    }

    @Test
    void theLocalConfigsEntryReplacesOneOfTheSameName() throws IOException {
        Path user = dir.resolve("config.toml");
        Files.writeString(user, ACME);
        Path local = dir.resolve("config.local.toml");
        Files.writeString(local, ACME.replace("<|acme_call|>", "<|acme_begin|>"));
        Configuration config = new Configuration(null, List.of(ConfigLayer.read(local, Kind.USER_LOCAL, warnings)
                .orElseThrow(), ConfigLayer.read(user, Kind.USER, warnings).orElseThrow()), List.of());
        assertThat(config.dialects()).singleElement()
                .satisfies(d -> assertThat(d.description().calls().get(0).open()).containsExactly("<|acme_begin|>"));
    }

    @Test
    void aDialectsFileHoldsDialectsOnly() throws IOException {
        Path file = Files.writeString(dir.resolve("d.toml"), "[models]\ndefault = \"x\"\n" + ACME);
        assertThatThrownBy(() -> DialectTable.readFile(file))
                .hasMessage(file + ":1:1: 'models' is not read here: a dialects file holds [[dialects]] tables only");
    }

    @Test
    void aDialectsFileWithoutDialectsSaysHowToWriteOne() throws IOException {
        Path file = Files.writeString(dir.resolve("d.toml"), "# nothing yet\n");
        assertThatThrownBy(() -> DialectTable.readFile(file)).hasMessageContaining("no [[dialects]] table");
    }
}
