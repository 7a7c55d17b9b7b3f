package dev.rosetta.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;

class ChildCommandTest {

    @Test
    void aRelativeJarIsMadeAbsoluteSinceConversationsRunInTheirOwnWorkspace() {
        String list = ChildCommand.absolute("rosetta-cli/target/rosetta.jar" + File.pathSeparator + "/opt/x.jar");
        String[] entries = list.split(File.pathSeparator);
        assertThat(entries[0]).isEqualTo(Path.of("rosetta-cli/target/rosetta.jar").toAbsolutePath().toString());
        assertThat(entries[1]).isEqualTo("/opt/x.jar");
    }

    @Test
    void theChildCommandNamesNoRelativePath() {
        for (String part : ChildCommand.rosetta()) {
            if (part.endsWith(".jar") || part.contains(File.separator + "classes")) {
                for (String entry : part.split(File.pathSeparator)) {
                    assertThat(Path.of(entry).isAbsolute()).as(entry).isTrue();
                }
            }
        }
    }
}
