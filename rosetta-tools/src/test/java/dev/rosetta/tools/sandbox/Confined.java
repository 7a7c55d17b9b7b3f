package dev.rosetta.tools.sandbox;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import dev.rosetta.core.testing.MachineRequirement;

/** Runs bash scripts in a real sandbox, for the tests of what it allows. */
final class Confined {

    /** What a script did: its exit status and its stdout and stderr together. */
    record Ran(int status, String output) {
        boolean succeeded() {
            return status == 0;
        }
    }

    private Confined() {}

    /** Skips (or on CI fails) a test that needs bubblewrap working on this machine. */
    static void requireBubblewrap() {
        MachineRequirement.require(SandboxSupport.detect() instanceof SandboxSupport.Available a
                && a.mechanism() instanceof Bubblewrap,
                "bubblewrap cannot sandbox here (" + SandboxSupport.detect() + "); apt-get install bubblewrap");
    }

    /** A fresh folder under the build's {@code target}: visible inside the sandbox, unlike one in {@code /tmp}. */
    static Path folderOutsideTmp() throws IOException {
        Path target = Path.of("target").toAbsolutePath();
        java.nio.file.Files.createDirectories(target);
        return java.nio.file.Files.createTempDirectory(target, "sandbox-test-");
    }

    static Ran run(Sandbox sandbox, Path directory, String script) throws IOException, InterruptedException {
        return run(sandbox, directory, script, Map.of());
    }

    static Ran run(Sandbox sandbox, Path directory, String script, Map<String, String> extraEnv)
            throws IOException, InterruptedException {
        Map<String, String> env = new java.util.LinkedHashMap<>(System.getenv());
        env.putAll(extraEnv);
        Sandbox.Launch launch = sandbox.launch(List.of("/bin/bash", "-c", script), directory, env, List.of());
        ProcessBuilder builder = new ProcessBuilder(launch.command()).directory(directory.toFile())
                .redirectErrorStream(true).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        builder.environment().clear();
        builder.environment().putAll(launch.environment());
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("the sandboxed script did not end: " + script);
        }
        return new Ran(process.exitValue(), output);
    }
}
