package dev.rosetta.tools.shell;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.rosetta.tools.sandbox.Sandbox;

/**
 * bash as a {@link ShellSession} starts it: without its startup files; where {@code setsid} exists,
 * interactive in a session of its own (Ctrl-C semantics without a terminal, see ShellSession);
 * with an environment that holds no secret and names the folder it starts in; inside the sandbox.
 *
 * @param interactive whether bash runs interactive under setsid
 * @param confined    whether the sandbox confines it (bash's pid inside is then not the one here)
 */
record BashProcess(Process process, boolean interactive, boolean confined) {

    static BashProcess start(Path directory, ShellSettings settings, Sandbox sandbox) throws IOException {
        Path bash = settings.bash().orElseThrow(() -> new IOException("bash was not found on the PATH"));
        Optional<Path> setsid = settings.setsid();
        List<String> command = new ArrayList<>();
        setsid.ifPresent(p -> command.add(p.toString()));
        command.addAll(List.of(bash.toString(), "--norc", "--noprofile"));
        if (setsid.isPresent()) {
            command.addAll(List.of("--noediting", "-i"));
        }
        Map<String, String> env = ShellEnvironment.forBash(settings.environment());
        // bash keeps a PWD that names the folder it starts in, so pwd shows the path as given
        env.put("PWD", directory.toString());
        env.remove("OLDPWD");
        Sandbox.Launch launch = sandbox.launch(command, directory, env, List.of());
        ProcessBuilder builder = new ProcessBuilder(launch.command()).directory(directory.toFile());
        builder.environment().clear();
        builder.environment().putAll(launch.environment());
        return new BashProcess(builder.start(), setsid.isPresent(), launch.confined());
    }
}
