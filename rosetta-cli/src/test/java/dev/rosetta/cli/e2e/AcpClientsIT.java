package dev.rosetta.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

import dev.rosetta.core.json.Json;
import dev.rosetta.core.testing.MachineRequirement;
import tools.jackson.databind.JsonNode;

/**
 * {@code rosetta acp} through the jar, driven by ACP clients nobody on the team wrote: a small editor
 * on the official TypeScript SDK ({@code src/test/resources/acp/turn.mjs}) and the {@code acpx}
 * command-line client, both from npm ({@code .ci/acp-clients}, found through {@code
 * ROSETTA_ACP_CLIENTS}). Each drives a turn with a call the user is asked about, and a cancel while a
 * command runs. Without the clients the tests are skipped on a developer's machine and fail on CI.
 */
class AcpClientsIT extends EndToEnd {

    private static final long PATIENCE_SECONDS = 120;

    @Test
    void theTypeScriptSdksClientDrivesATurnAPermissionACancelAndALoadWithItsOwnFiles() throws Exception {
        model.script(Format.TOOL.reply("Writing.\n", ModelCall.save("notes.md", "# Notes\n")), ScriptedReply.text(
                "Saved."), Format.TOOL.reply("Waiting.\n", ModelCall.shell("sleep 60")));
        Path clients = clients();
        Path script = temp.resolve("client").resolve("turn.mjs");
        Files.createDirectories(script.getParent());
        try (InputStream in = AcpClientsIT.class.getResourceAsStream("/acp/turn.mjs")) {
            Files.write(script, in.readAllBytes());
        }
        // the script imports the SDK as an editor's code would: from a node_modules beside it
        Files.createSymbolicLink(script.resolveSibling("node_modules"), clients.resolve("node_modules"));
        List<String> command = new ArrayList<>(List.of(node(clients), script.toString(),
                sandbox.workspace().toString()));
        command.addAll(RosettaJar.command(List.of("acp", "-m", Api.CHAT_COMPLETIONS.model(), "--tool-format", "tool")));

        Finished run = run(command, line -> false);

        assertThat(run.exit()).as(run.toString()).isZero();
        JsonNode seen = Json.MAPPER.readTree(run.stdout().strip().lines().reduce((a, b) -> b).orElseThrow());
        assertThat(seen.get("protocolVersion").asInt()).isEqualTo(1);
        List<JsonNode> asked = new ArrayList<>();
        seen.get("permissions").forEach(asked::add);
        assertThat(asked).extracting(p -> p.get("title").asString()).containsExactly("save notes.md · 1 line",
                "shell: sleep 60");
        assertThat(asked).allSatisfy(p -> assertThat(texts(p.get("kinds"))).contains("allow_once", "allow_always",
                "reject_once", "reject_always"));
        assertThat(texts(seen.get("stopReasons"))).containsExactly("end_turn", "cancelled");
        List<JsonNode> updates = new ArrayList<>();
        seen.get("updates").forEach(updates::add);
        // the two calls as they ran, then again as the load replays the conversation
        assertThat(updates).filteredOn(u -> "tool_call".equals(text(u, "type"))).extracting(u -> text(u, "kind"))
                .containsExactly("edit", "execute", "edit", "execute");
        assertThat(updates).filteredOn(u -> "tool_call_update".equals(text(u, "type")))
                .extracting(u -> text(u, "status")).containsSubsequence("in_progress", "completed", "in_progress",
                        "failed");
        assertThat(texts(seen.get("replayed"))).containsExactly("write notes.md", "wait a minute");
        assertThat(texts(seen.get("listed"))).contains(seen.get("sessionId").asString());
        // the editor offered its files: the save went to its buffer, not to the disk
        String notes = sandbox.workspace().resolve("notes.md").toString();
        assertThat(seen.get("buffers").get(notes).asString()).isEqualTo("# Notes\n");
        assertThat(texts(seen.get("fileRequests"))).contains("write " + notes);
        assertThat(sandbox.workspace().resolve("notes.md")).doesNotExist();
        assertThat(model.requests()).hasSize(3);
    }

    @Test
    void acpxRunsATurnWhoseCallItApproves() throws Exception {
        model.script(Format.TOOL.reply("Writing.\n", ModelCall.save("notes.md", "# Notes\n")),
                ScriptedReply.text("Saved notes.md."));

        Finished run = run(acpx("--approve-all", "exec", "write notes.md"), line -> false);

        assertThat(run.exit()).as(run.toString()).isZero();
        // --format json prints the ACP messages both ways, one a line
        List<JsonNode> messages = json(run.stdout());
        assertThat(messages).filteredOn(m -> "session/request_permission".equals(text(m, "method")))
                .singleElement().satisfies(m -> assertThat(m.get("params").get("toolCall").get("title").asString())
                        .isEqualTo("save notes.md · 1 line"));
        assertThat(messages).filteredOn(m -> m.has("result") && m.get("result").has("outcome"))
                .singleElement().satisfies(m -> assertThat(m.get("result").get("outcome").get("outcome").asString())
                        .isEqualTo("selected"));
        assertThat(messages).filteredOn(m -> m.has("result") && m.get("result").has("stopReason"))
                .extracting(m -> m.get("result").get("stopReason").asString()).containsExactly("end_turn");
        assertThat(run.stdout()).contains("Saved notes.md.");
        assertThat(sandbox.workspace().resolve("notes.md")).hasContent("# Notes\n");
    }

    @Test
    void acpxInterruptedWhileACommandRunsCancelsTheTurn() throws Exception {
        model.script(Format.TOOL.reply("Waiting.\n", ModelCall.shell("sleep 60")));

        Finished run = run(acpx("--approve-all", "exec", "wait a minute"),
                line -> line.contains("tool_call_update") && line.contains("in_progress"));

        assertThat(json(run.stdout())).as(run.toString())
                .filteredOn(m -> m.has("result") && m.get("result").has("stopReason"))
                .extracting(m -> m.get("result").get("stopReason").asString()).containsExactly("cancelled");
        assertThat(model.requests()).hasSize(1);
    }

    // --- the clients ---

    /** The folder .ci/acp-clients installed the clients into. */
    private static Path clients() {
        String dir = System.getenv("ROSETTA_ACP_CLIENTS");
        Path folder = dir == null || dir.isBlank() ? null : Path.of(dir);
        MachineRequirement.require(folder != null && Files.isRegularFile(folder.resolve(
                "node_modules/acpx/package.json")) && Files.isRegularFile(folder.resolve(
                "node_modules/@agentclientprotocol/sdk/package.json")),
                "the ACP clients are not installed: run .ci/acp-clients and set ROSETTA_ACP_CLIENTS to the folder"
                        + " it prints");
        return folder;
    }

    /** The Node 22 .ci/acp-clients put beside the clients where the machine's is older, else the machine's. */
    private static String node(Path clients) {
        Path own = clients.resolve("bin").resolve("node");
        return Files.isExecutable(own) ? own.toString() : "node";
    }

    private List<String> acpx(String... args) {
        Path clients = clients();
        String agent = RosettaJar.command(List.of("acp", "-m", Api.CHAT_COMPLETIONS.model(), "--tool-format", "tool"))
                .stream().map(w -> "'" + w.replace("'", "'\\''") + "'").collect(Collectors.joining(" "));
        List<String> command = new ArrayList<>(List.of(node(clients),
                clients.resolve("node_modules/acpx/dist/cli.js").toString(), "--agent", agent, "--cwd",
                sandbox.workspace().toString(), "--format", "json"));
        command.addAll(List.of(args));
        return command;
    }

    private record Finished(List<String> command, int exit, String stdout, String stderr) {
        @Override
        public String toString() {
            return String.join(" ", command) + "\nexit " + exit + "\n--- stdout ---\n" + stdout + "\n--- stderr ---\n"
                    + stderr;
        }
    }

    /**
     * Runs a client in the sandbox's environment; when a line of its output passes {@code interruptAt},
     * it gets SIGINT (Ctrl-C), once.
     */
    private Finished run(List<String> command, java.util.function.Predicate<String> interruptAt) throws Exception {
        ProcessBuilder builder = new ProcessBuilder(command).directory(sandbox.workspace().toFile());
        builder.environment().clear();
        builder.environment().putAll(sandbox.env());
        Process process = builder.start();
        process.getOutputStream().close();
        List<String> out = new CopyOnWriteArrayList<>();
        CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> read(process.getErrorStream()));
        boolean interrupted = false;
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(process.getInputStream(),
                StandardCharsets.UTF_8))) {
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                out.add(line);
                if (!interrupted && interruptAt.test(line)) {
                    interrupted = true;
                    new ProcessBuilder("kill", "-INT", Long.toString(process.pid())).start().waitFor();
                }
            }
        }
        if (!process.waitFor(PATIENCE_SECONDS, TimeUnit.SECONDS)) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            throw new AssertionError("the client did not finish: " + String.join("\n", out));
        }
        String stdout = String.join("\n", out);
        String stderr = err.get();
        assertThat(stdout + stderr).doesNotContain(Sandbox.KEY_MARK);
        return new Finished(command, process.exitValue(), stdout, stderr);
    }

    private static String read(InputStream in) {
        try {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<JsonNode> json(String stdout) {
        return stdout.lines().filter(l -> l.startsWith("{")).map(l -> Json.MAPPER.readTree(l)).toList();
    }

    private static List<String> texts(JsonNode array) {
        List<String> texts = new ArrayList<>();
        array.forEach(n -> texts.add(n.asString()));
        return texts;
    }

    private static String text(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value == null || value.isNull() ? null : value.asString();
    }
}
