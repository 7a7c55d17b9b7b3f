package dev.rosetta.tools.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** bubblewrap's command line, as text: what of the host's /tmp a sandbox is shown. */
class BubblewrapTest {

    /**
     * Another sandbox's trial folder, removed between the listing and the mount, failed this
     * sandbox's start ("Can't bind mount … No such file or directory"), seen under a loaded CI.
     */
    @Test
    void rosettasOwnComingAndGoingTemporaryFoldersAreNotBoundButTheUsersAre(@TempDir Path hostTemp) throws IOException {
        for (String name : List.of("rosetta-sandbox-probe-1570695771990163809", "rosetta-sandbox-16178139059220674264",
                "rosetta-jshell-8123456789012", "rosetta-checkout", "rosetta-host-tmp-5217650186727763499", "project", "venv-12345678")) {
            Files.createDirectories(hostTemp.resolve(name));
        }
        SandboxLayout layout = new SandboxLayout(List.of(), hostTemp.resolve("rosetta-sandbox-16178139059220674264/tmp"),
                hostTemp.resolve("rosetta-sandbox-16178139059220674264/empty"), NetworkAccess.OFF);

        List<String> args = Bubblewrap.hostTemporaryEntries(hostTemp, layout);

        assertThat(args.stream().filter(a -> a.startsWith(hostTemp.toString())).map(a -> Path.of(a).getFileName().toString()))
                .containsExactly("project", "rosetta-checkout", "rosetta-host-tmp-5217650186727763499", "venv-12345678");
    }
}
