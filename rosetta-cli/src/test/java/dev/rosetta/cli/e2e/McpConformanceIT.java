package dev.rosetta.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import dev.rosetta.core.testing.MachineRequirement;

/**
 * The official MCP conformance suite ({@code @modelcontextprotocol/conformance}, installed by
 * {@code .ci/mcp-servers}) judging the real jar as a client: each scenario's server is given to
 * a chat as {@code --mcp conf=URL}, and a fake model calls the scenario's tool
 * ({@code src/test/conformance/mcp-client.sh}); where its server wants a sign-in, a "browser"
 * follows the authorization server's redirects back to Rosetta. The suite's exit code is its
 * verdict. Not here: {@code auth/basic-cimd} (Rosetta registers itself rather than naming a
 * client metadata document of its own) and the extensions' grants.
 */
class McpConformanceIT {

    private static final long SCENARIO_LIMIT_SECONDS = 180;

    @TempDir
    Path temp;

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"initialize", "tools_call", "sse-retry", "elicitation-sep1034-client-defaults",
            "auth/metadata-default", "auth/metadata-var1", "auth/metadata-var2", "auth/metadata-var3",
            "auth/scope-from-www-authenticate", "auth/scope-from-scopes-supported", "auth/scope-omitted-when-undefined",
            "auth/scope-step-up", "auth/scope-retry-limit", "auth/token-endpoint-auth-basic",
            "auth/token-endpoint-auth-post", "auth/token-endpoint-auth-none", "auth/2025-03-26-oauth-metadata-backcompat",
            "auth/2025-03-26-oauth-endpoint-fallback", "auth/resource-mismatch", "auth/pre-registration"})
    void theJarPassesTheSuitesClientScenario(String scenario) throws Exception {
        Path suite = installedSuite();
        Path output = temp.resolve("results");
        Path log = temp.resolve("conformance.log");
        List<String> launcher = RosettaJar.command(List.of());
        ProcessBuilder runner = new ProcessBuilder(node(suite).toString(), suite.resolve(
                "node_modules/@modelcontextprotocol/conformance/dist/index.js").toString(), "client", "--command",
                script().toString(), "--scenario", scenario, "--timeout", "90000", "-o", output.toString())
                .redirectErrorStream(true).redirectOutput(log.toFile()).redirectInput(ProcessBuilder.Redirect.from(
                        new File("/dev/null")));
        runner.environment().put("ROSETTA", String.join(" ", launcher));
        runner.environment().put("PATH", suite.resolve("bin") + File.pathSeparator + System.getenv("PATH"));
        Process process = runner.start();
        if (!process.waitFor(SCENARIO_LIMIT_SECONDS, TimeUnit.SECONDS)) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            fail(scenario + " did not end within " + SCENARIO_LIMIT_SECONDS + " s:\n" + read(log));
        }
        assertThat(process.exitValue()).as(scenario + ":\n" + read(log)).isZero();
        assertThat(read(log)).contains("OVERALL: PASSED");
    }

    /** The folder {@code .ci/mcp-servers} installed; skipped without it, failed under CI. */
    private static Path installedSuite() {
        String dir = System.getenv("ROSETTA_MCP_SERVERS");
        Path suite = dir == null || dir.isBlank() ? null : Path.of(dir);
        boolean found = suite != null
                && Files.isRegularFile(suite.resolve("node_modules/@modelcontextprotocol/conformance/package.json"));
        MachineRequirement.require(found, "the MCP conformance suite is not installed: run .ci/mcp-servers and set"
                + " ROSETTA_MCP_SERVERS to the folder it prints");
        return suite;
    }

    /** The Node 22 installed beside the suite when the machine's is older, else the machine's. */
    private static Path node(Path suite) {
        Path beside = suite.resolve("bin/node");
        return Files.isExecutable(beside) ? beside : Path.of("node");
    }

    private static Path script() {
        Path script = Path.of("src/test/conformance/mcp-client.sh").toAbsolutePath();
        assertThat(script).isExecutable();
        return script;
    }

    private static String read(Path file) throws Exception {
        return Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
    }
}
