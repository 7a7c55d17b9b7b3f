package dev.rosetta.agent.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.rosetta.core.RosettaException;

class ToolSelectionTest {

    private static final List<String> KNOWN = List.of("shell", "ipython", "jshell", "save", "read");

    private static List<String> choose(String... items) {
        return ToolSelection.choose(KNOWN, KNOWN, "", List.of(items));
    }

    @Test
    void withoutToolsEveryToolIsChosen() {
        assertThat(ToolSelection.choose(KNOWN, KNOWN, "", null)).isEqualTo(KNOWN);
        assertThat(choose()).isEqualTo(KNOWN);
        assertThat(choose(" ", "")).isEqualTo(KNOWN);
    }

    @Test
    void plainNamesAreTheWholeListInTheToolsOrder() {
        assertThat(choose("read", "shell")).containsExactly("shell", "read");
        assertThat(choose(" save ", "save")).containsExactly("save");
    }

    @Test
    void changesChangeWhatThereWouldBeOtherwise() {
        assertThat(choose("-ipython", "-jshell")).containsExactly("shell", "save", "read");
        assertThat(ToolSelection.choose(KNOWN, List.of("shell"), "", List.of("+read", "-shell"))).containsExactly("read");
    }

    @Test
    void aRemovalInAListStillTakesOneOut() {
        assertThat(choose("shell", "save", "-save")).containsExactly("shell");
    }

    @Test
    void aNameThatIsNotAToolIsAnErrorListingTheTools() {
        for (String item : List.of("shel", "-shel", "+deploy", "-y")) {
            assertThatThrownBy(() -> choose("shell", item)).as(item).isInstanceOf(RosettaException.class)
                    .hasMessage("unknown tool '" + item.replaceFirst("^[+-]", "") + "' in --tools; the tools are: shell,"
                            + " ipython, jshell, save, read");
        }
    }

    @Test
    void aSavedNameThatIsNotAToolIsAnErrorNamingWhereItWasSaved() {
        assertThatThrownBy(() -> ToolSelection.choose(KNOWN, List.of("shell", "pyhton"), "/logs/x/config.toml", null))
                .isInstanceOf(RosettaException.class)
                .hasMessage("unknown tool 'pyhton' in /logs/x/config.toml; the tools are: shell, ipython, jshell, save, read");
    }
}
