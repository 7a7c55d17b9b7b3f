package dev.rosetta.agent.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.rosetta.core.RosettaException;

/** The [ui] table: read, checked, and settled setting by setting, the most specific file first. */
class UiSettingsTest {

    @TempDir
    Path home;

    private Configuration load(String user, String project) throws IOException {
        return ConfigFiles.load(home, user, project);
    }

    @Test
    void withoutAnyFileCallsFoldToEightLines() throws IOException {
        assertThat(load(null, null).ui()).isEqualTo(new UiSettings(true, 8));
    }

    @Test
    void collapseNeverWritesEverythingOutAndEachSettingComesFromTheFirstFileThatSetsIt() throws IOException {
        Configuration config = load("[ui]\ncollapse = \"never\"\npreview_lines = 3\n", "[ui]\npreview_lines = 12\n");

        assertThat(config.ui()).isEqualTo(new UiSettings(false, 12));
        assertThat(config.warnings()).isEmpty();
    }

    @Test
    void aCollapseThatIsNotAutoOrNeverIsAnErrorNamingTheChoices() {
        assertThatThrownBy(() -> load("[ui]\ncollapse = \"sometimes\"\n", null)).isInstanceOf(RosettaException.class)
                .hasMessageContaining("config.toml:2:").hasMessageContaining("\"auto\"")
                .hasMessageContaining("\"never\"");
    }

    @Test
    void anUnknownUiSettingIsAWarningNamingTheKnownOnes() throws IOException {
        Configuration config = load("[ui]\nfold = true\n", null);
        assertThat(config.warnings()).singleElement().asString().contains("[ui] 'fold'", "collapse, preview_lines");
    }
}
