package dev.rosetta.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import com.agentclientprotocol.sdk.error.AcpErrorCodes;
import com.agentclientprotocol.sdk.spec.AcpClientSession;
import com.agentclientprotocol.sdk.spec.AcpSchema;
import com.agentclientprotocol.sdk.spec.AcpSchema.PermissionOptionKind;
import com.agentclientprotocol.sdk.spec.AcpSchema.ToolCallStatus;

import dev.rosetta.core.json.Json;

/**
 * {@code rosetta acp} through the jar, driven by the official Java SDK's client against the fake
 * provider: a whole session cycle, permissions both ways, cancel while the model writes and while a
 * tool runs, a saved conversation loaded again, calls in a text dialect and native ones alike. After
 * every test, the agent's standard output must have held JSON-RPC messages and nothing else, and no
 * key.
 */
class AcpIT extends EndToEnd {

    private EditorClient editor;

    private EditorClient start(String... args) {
        return start(false, false, args);
    }

    /**
     * @param files whether the editor offers its files (its buffers) to the agent
     * @param forms whether it fills in the MCP servers' forms
     */
    private EditorClient start(boolean files, boolean forms, String... args) {
        editor = new EditorClient(sandbox, args);
        AcpSchema.InitializeResponse init = editor.initialize(files, forms);
        assertThat(init.protocolVersion()).isEqualTo(1);
        assertThat(init.agentCapabilities().loadSession()).isTrue();
        return editor;
    }

    @AfterEach
    void stdoutHeldOnlyProtocol() {
        if (editor == null) {
            return;
        }
        editor.close();
        List<String> lines = editor.stdoutLines();
        assertThat(lines).isNotEmpty();
        for (String line : lines) {
            Map<String, Object> message = Json.readObject(line);
            assertThat(message).as(line).containsEntry("jsonrpc", "2.0");
            assertThat(line).doesNotContain(Sandbox.KEY_MARK).doesNotContain("\u001b");
        }
    }

    @Test
    void aNativeCallIsAToolCallFromPendingToCompletedWithItsDiffAfterTheEditorAllowedIt() throws Exception {
        model.script(Format.TOOL.reply("I'll write it.\n", ModelCall.save("notes.md", "# Notes\n")),
                ScriptedReply.text("Saved ", "notes.md."));
        start("-m", Api.CHAT_COMPLETIONS.model(), "--tool-format", "tool");
        editor.answering(r -> EditorClient.option(r, PermissionOptionKind.ALLOW_ONCE));
        String session = editor.newSession(sandbox);

        AcpSchema.PromptResponse response = editor.prompt(session, "write notes.md");

        assertThat(response.stopReason()).isEqualTo(AcpSchema.StopReason.END_TURN);
        AcpSchema.ToolCall call = editor.all(AcpSchema.ToolCall.class).getFirst();
        assertThat(call.title()).isEqualTo("save notes.md · 1 line");
        assertThat(call.kind()).isEqualTo(AcpSchema.ToolKind.EDIT);
        assertThat(call.status()).isEqualTo(ToolCallStatus.PENDING);
        assertThat(call.locations()).extracting(AcpSchema.ToolCallLocation::path)
                .containsExactly(sandbox.workspace().resolve("notes.md").toString());
        List<AcpSchema.ToolCallUpdateNotification> updates = editor.all(AcpSchema.ToolCallUpdateNotification.class)
                .stream().filter(u -> u.toolCallId().equals(call.toolCallId())).toList();
        assertThat(updates).extracting(AcpSchema.ToolCallUpdateNotification::status)
                .containsExactly(ToolCallStatus.IN_PROGRESS, ToolCallStatus.COMPLETED);
        assertThat(updates.getLast().content()).anySatisfy(c -> {
            assertThat(c).isInstanceOf(AcpSchema.ToolCallDiff.class);
            AcpSchema.ToolCallDiff diff = (AcpSchema.ToolCallDiff) c;
            assertThat(diff.oldText()).isNull();
            assertThat(diff.newText()).isEqualTo("# Notes\n");
        });
        AcpSchema.RequestPermissionRequest asked = editor.asked.poll();
        assertThat(asked.toolCall().toolCallId()).isEqualTo(call.toolCallId());
        // in progress once allowed, not before the question
        assertThat(editor.callWire).filteredOn(line -> line.startsWith(call.toolCallId() + " "))
                .containsExactly(call.toolCallId() + " pending", call.toolCallId() + " asked",
                        call.toolCallId() + " in_progress", call.toolCallId() + " completed");
        assertThat(asked.options()).extracting(AcpSchema.PermissionOption::kind).contains(
                PermissionOptionKind.ALLOW_ONCE, PermissionOptionKind.ALLOW_ALWAYS, PermissionOptionKind.REJECT_ONCE,
                PermissionOptionKind.REJECT_ALWAYS);
        assertThat(editor.message()).contains("I'll write it.").contains("Saved notes.md.");
        assertThat(editor.all(AcpSchema.UsageUpdate.class)).isNotEmpty()
                .allSatisfy(u -> assertThat(u.size()).isPositive());
        assertThat(sandbox.workspace().resolve("notes.md")).hasContent("# Notes\n");
    }

    @Test
    void fileToolsReadAndWriteTheEditorsBuffersWhenItOffersItsFiles() throws Exception {
        Path app = Files.writeString(sandbox.workspace().resolve("app.py"), "print('disk')\n");
        Path locked = sandbox.workspace().resolve("locked.txt");
        model.script(Format.TOOL.reply("", ModelCall.read("app.py")),
                Format.TOOL.reply("", ModelCall.patch("app.py", "print('buffer')\n", "print('patched')\n")),
                Format.TOOL.reply("", ModelCall.save("locked.txt", "x\n")),
                ScriptedReply.text("Done."));
        start(true, false, "-m", Api.CHAT_COMPLETIONS.model(), "--tool-format", "tool", "-y");
        editor.buffers.put(app.toString(), "print('buffer')\n"); // unsaved in the editor
        editor.refusedWrites.add(locked.toString());
        String session = editor.newSession(sandbox);

        assertThat(editor.prompt(session, "fix app.py").stopReason()).isEqualTo(AcpSchema.StopReason.END_TURN);

        assertThat(model.request(1).results().getLast().output()).contains("print('buffer')")
                .doesNotContain("print('disk')");
        assertThat(editor.buffers).containsEntry(app.toString(), "print('patched')\n");
        assertThat(app).hasContent("print('disk')"); // the editor saves when its user says so
        assertThat(editor.fileRequests).contains("read " + app, "write " + app, "write " + locked);
        AcpSchema.ToolCall patch = editor.all(AcpSchema.ToolCall.class).get(1);
        assertThat(editor.all(AcpSchema.ToolCallUpdateNotification.class))
                .filteredOn(u -> u.toolCallId().equals(patch.toolCallId()) && u.status() == ToolCallStatus.COMPLETED)
                .singleElement().satisfies(u -> assertThat(u.content()).anySatisfy(c -> {
                    AcpSchema.ToolCallDiff diff = (AcpSchema.ToolCallDiff) c;
                    assertThat(diff.oldText()).isEqualTo("print('buffer')\n");
                    assertThat(diff.newText()).isEqualTo("print('patched')\n");
                }));
        assertThat(model.request(3).results().getLast().output()).contains("cannot write locked.txt")
                .contains("is read-only");
        assertThat(editor.all(AcpSchema.ToolCallUpdateNotification.class)).last()
                .extracting(AcpSchema.ToolCallUpdateNotification::status).isEqualTo(ToolCallStatus.FAILED);
        assertThat(locked).doesNotExist();
    }

    @Test
    void undoPutsBackTheEditorsUnsavedBufferNotTheDiskUnderIt() throws Exception {
        Path notes = Files.writeString(sandbox.workspace().resolve("notes.md"), "saved\n");
        model.script(Format.TOOL.reply("", ModelCall.save("notes.md", "the model's\n")), ScriptedReply.text("Saved."));
        start(true, false, "-m", Api.CHAT_COMPLETIONS.model(), "--tool-format", "tool", "-y");
        editor.buffers.put(notes.toString(), "saved\nand typed, not saved yet\n");
        String session = editor.newSession(sandbox);
        assertThat(editor.prompt(session, "rewrite the notes").stopReason()).isEqualTo(AcpSchema.StopReason.END_TURN);
        assertThat(editor.buffers).containsEntry(notes.toString(), "the model's\n");
        editor.answering(r -> r.options().stream().map(AcpSchema.PermissionOption::optionId)
                .filter(id -> id.equals("y")).findFirst().orElseThrow());

        editor.prompt(session, "/undo");

        assertThat(editor.message()).contains("+and typed, not saved yet").contains("put back 1 file");
        assertThat(editor.buffers).containsEntry(notes.toString(), "saved\nand typed, not saved yet\n");
        assertThat(notes).hasContent("saved");
    }

    @Test
    void aMarkdownCallRejectedIsAFailedToolCallAndTheModelIsTold() throws Exception {
        model.script(Format.MARKDOWN.reply("Cleaning up.\n", ModelCall.shell("rm -rf build")),
                ScriptedReply.text("Understood, I left it."));
        start("-m", Api.CHAT_COMPLETIONS.model(), "--tool-format", "markdown");
        editor.answering(r -> EditorClient.option(r, PermissionOptionKind.REJECT_ONCE));
        String session = editor.newSession(sandbox);
        Files.createDirectories(sandbox.workspace().resolve("build"));

        assertThat(editor.prompt(session, "clean").stopReason()).isEqualTo(AcpSchema.StopReason.END_TURN);

        AcpSchema.ToolCall call = editor.all(AcpSchema.ToolCall.class).getFirst();
        assertThat(call.title()).isEqualTo("shell: rm -rf build");
        assertThat(call.kind()).isEqualTo(AcpSchema.ToolKind.EXECUTE);
        // rejected: from pending straight to failed, never in progress
        assertThat(editor.callWire).filteredOn(line -> line.startsWith(call.toolCallId() + " "))
                .containsExactly(call.toolCallId() + " pending", call.toolCallId() + " asked",
                        call.toolCallId() + " failed");
        assertThat(sandbox.workspace().resolve("build")).isDirectory();
        assertThat(model.request(1).stringsContaining("declined")).isPositive();
    }

    @Test
    void allowAlwaysRemembersTheRuleTheTerminalOffersAndTheNextCallLikeItIsNotAsked() throws Exception {
        model.script(Format.TOOL.reply("", ModelCall.shell("git status --short")), ScriptedReply.text("Clean."),
                Format.TOOL.reply("", ModelCall.shell("git status")), ScriptedReply.text("Still clean."));
        start("-m", Api.CHAT_COMPLETIONS.model(), "--tool-format", "tool");
        editor.answering(r -> r.options().stream().filter(o -> o.name().contains("git status*")).findFirst()
                .orElseThrow().optionId());
        String session = editor.newSession(sandbox);
        gitInit();

        editor.prompt(session, "status?");
        editor.prompt(session, "and now?");

        assertThat(editor.asked).hasSize(1);
        assertThat(editor.asked.poll().options()).extracting(AcpSchema.PermissionOption::name)
                .contains("Always allow shell \"git status*\"");
        String config = Files.readString(sandbox.logs().resolve(session).resolve("config.toml"));
        assertThat(config).contains("git status*");
        assertThat(editor.all(AcpSchema.ToolCallUpdateNotification.class))
                .filteredOn(u -> u.status() == ToolCallStatus.COMPLETED).hasSize(2);
    }

    @Test
    void rejectAlwaysRefusesCallsLikeItFromThenOnWithoutAsking() throws Exception {
        model.script(Format.TOOL.reply("", ModelCall.shell("rm -rf build")), ScriptedReply.text("Left it."),
                Format.TOOL.reply("", ModelCall.shell("rm -rf build")), ScriptedReply.text("Still left."));
        start("-m", Api.CHAT_COMPLETIONS.model(), "--tool-format", "tool");
        editor.answering(r -> EditorClient.option(r, PermissionOptionKind.REJECT_ALWAYS));
        String session = editor.newSession(sandbox);
        Files.createDirectories(sandbox.workspace().resolve("build"));

        editor.prompt(session, "clean");
        editor.prompt(session, "clean, really");

        assertThat(editor.asked).hasSize(1);
        assertThat(sandbox.workspace().resolve("build")).isDirectory();
        assertThat(model.request(3).results()).anySatisfy(r -> assertThat(r.output()).contains("denied by rule"));
    }

    @Test
    void cancelWhileTheModelWritesStopsTheStreamAndThePromptAnswersCancelled() throws Exception {
        model.script(new ScriptedReply.Endless("more text "));
        start("-m", Api.CHAT_COMPLETIONS.model());
        String session = editor.newSession(sandbox);

        Thread canceller = Thread.ofVirtual().start(() -> {
            try {
                editor.await(AcpSchema.AgentMessageChunk.class, c -> true);
                editor.client.cancel(new AcpSchema.CancelNotification(session));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        AcpSchema.PromptResponse response = editor.prompt(session, "talk forever");
        canceller.join();

        assertThat(response.stopReason()).isEqualTo(AcpSchema.StopReason.CANCELLED);
        awaitStreamsClosed(1);
    }

    /** The fake provider notices a closed stream when its next write fails: waited for, not raced. */
    private void awaitStreamsClosed(int count) throws InterruptedException {
        assertThat(model.awaitEndlessStreamsClosed(count, Duration.ofSeconds(30))).isEqualTo(count);
    }

    private void gitInit() throws Exception {
        Process git = new ProcessBuilder("git", "init", "-q").directory(sandbox.workspace().toFile())
                .redirectErrorStream(true).start();
        assertThat(git.waitFor()).as(new String(git.getInputStream().readAllBytes())).isZero();
    }

    @Test
    void cancelWhileACommandSleepsStopsItAndThePromptAnswersCancelled() throws Exception {
        model.script(Format.TOOL.reply("Waiting.\n", ModelCall.shell("sleep 60")));
        start("-m", Api.CHAT_COMPLETIONS.model(), "--tool-format", "tool", "-y");
        String session = editor.newSession(sandbox);

        Thread canceller = Thread.ofVirtual().start(() -> {
            try {
                editor.await(AcpSchema.ToolCallUpdateNotification.class,
                        u -> u.status() == ToolCallStatus.IN_PROGRESS);
                editor.client.cancel(new AcpSchema.CancelNotification(session));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        long start = System.nanoTime();
        AcpSchema.PromptResponse response = editor.prompt(session, "wait a minute");
        long tookMillis = (System.nanoTime() - start) / 1_000_000;
        canceller.join();

        assertThat(response.stopReason()).as("after %d ms", tookMillis).isEqualTo(AcpSchema.StopReason.CANCELLED);
        assertThat(editor.all(AcpSchema.ToolCallUpdateNotification.class)).last()
                .extracting(AcpSchema.ToolCallUpdateNotification::status).isEqualTo(ToolCallStatus.FAILED);
        assertThat(model.requests()).hasSize(1);
    }

    @Test
    void loadingAConversationTheLogFolderDoesNotHaveIsSessionNotFound() {
        start("-m", Api.CHAT_COMPLETIONS.model());

        Throwable thrown = org.assertj.core.api.Assertions.catchThrowable(() -> editor.client.loadSession(
                new AcpSchema.LoadSessionRequest("never-was", sandbox.workspace().toString(), List.of())));

        AcpClientSession.AcpError refused = null;
        for (Throwable t = thrown; t != null && refused == null; t = t.getCause()) {
            refused = t instanceof AcpClientSession.AcpError e ? e : null;
        }
        assertThat(refused).as("%s", thrown).isNotNull();
        assertThat(refused.getCode()).isEqualTo(AcpErrorCodes.SESSION_NOT_FOUND); // was -32603, an internal error
        assertThat(refused.getError().message()).contains("no conversation 'never-was'");
    }

    @Test
    void aSavedConversationLoadsWithItsHistoryAndGoesOnInTheTerminal() throws Exception {
        model.script(Format.TOOL.reply("Writing.\n", ModelCall.save("a.txt", "one\n")), ScriptedReply.text("Done."));
        start("-m", Api.CHAT_COMPLETIONS.model(), "--tool-format", "tool", "-y");
        String session = editor.newSession(sandbox);
        editor.prompt(session, "write a.txt");
        editor.close();

        start("-m", Api.CHAT_COMPLETIONS.model());
        assertThat(editor.client.listSessions(new AcpSchema.ListSessionsRequest(sandbox.workspace().toString(), null, null))
                .sessions()).filteredOn(s -> s.sessionId().equals(session)).singleElement()
                .extracting(AcpSchema.SessionInfo::title).isEqualTo("write a.txt"); // its first message, not its id
        editor.client.loadSession(new AcpSchema.LoadSessionRequest(session, sandbox.workspace().toString(), List.of()));

        assertThat(editor.all(AcpSchema.UserMessageChunk.class)).extracting(c -> ((AcpSchema.TextContent) c.content())
                .text()).containsExactly("write a.txt");
        assertThat(editor.message()).contains("Writing.").contains("Done.");
        assertThat(editor.all(AcpSchema.ToolCall.class)).extracting(AcpSchema.ToolCall::title)
                .containsExactly("save a.txt · 1 line");

        editor.close(); // the editor lets go of the conversation; the terminal may take it then
        model.script(ScriptedReply.text("Going on."));
        Run terminal = sandbox.rosetta("-r", "--name", session, "-n", "go on");
        assertThat(terminal.exitCode()).as(terminal.toString()).isZero();
        assertThat(terminal.stdout()).contains("Going on.");
    }

    @Test
    void aHostileReplyAndNoisyMcpServersLeaveStdoutToTheProtocol() throws Exception {
        // stdout is checked after every test (stdoutHeldOnlyProtocol): here everything tries to reach it
        Path noisy = temp.resolve("noisy.sh");
        Files.writeString(noisy, "printf '\\033[31mnoise on stderr\\n' >&2\nexec node " + ReferenceServers.everything()
                + " stdio\n");
        Path liar = temp.resolve("liar.sh");
        Files.writeString(liar, "printf '{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}\\n\\033[2J'\nsleep 5\n");
        model.script(Format.TOOL.reply("\u001b[2J{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}\n\u0007",
                ModelCall.shell("printf '\\033]0;title\\007{\"jsonrpc\":\"2.0\"}\\n'; echo to-stderr >&2")),
                ScriptedReply.text("Done.\u001b[0m"));
        start("-m", Api.CHAT_COMPLETIONS.model(), "--tool-format", "tool", "-y", "--mcp", "noisy=sh " + noisy,
                "--mcp", "liar=sh " + liar);
        String session = editor.newSession(sandbox);

        assertThat(editor.prompt(session, "go").stopReason()).isEqualTo(AcpSchema.StopReason.END_TURN);

        assertThat(editor.message()).contains("Done.");
        assertThat(editor.all(AcpSchema.ToolCallUpdateNotification.class)).last()
                .extracting(AcpSchema.ToolCallUpdateNotification::status).isEqualTo(ToolCallStatus.COMPLETED);
    }

    @Test
    void anMcpServersFormIsPutToTheEditorAndItsAnswerGoesBackToTheServer() throws Exception {
        model.script(Format.TOOL.reply("", ModelCall.json("everything__trigger-elicitation-request", "{}")),
                ScriptedReply.text("Thanks."));
        start(false, true, "-m", Api.CHAT_COMPLETIONS.model(), "--tool-format", "tool", "-y", "--mcp",
                "everything=node " + ReferenceServers.everything() + " stdio");
        editor.fillingIn(form -> AcpSchema.CreateElicitationResponse.accept(Map.of("name", "Ada")));
        String session = editor.newSession(sandbox);

        assertThat(editor.prompt(session, "ask me").stopReason()).isEqualTo(AcpSchema.StopReason.END_TURN);

        AcpSchema.CreateElicitationRequest form = editor.forms.poll();
        assertThat(form).isNotNull();
        assertThat(form.sessionId()).isEqualTo(session);
        assertThat(form.mode()).isEqualTo("form");
        assertThat(form.message()).startsWith("everything asks: ");
        assertThat(form.requestedSchema().required()).contains("name");
        assertThat(form.requestedSchema().properties()).containsKeys("name", "integer");
        // The server's limits reach the editor's form, which checks them as the user fills it in.
        assertThat(form.requestedSchema().properties().get("integer")).isInstanceOfSatisfying(
                AcpSchema.IntegerPropertySchema.class, integer -> {
                    assertThat(integer.minimum()).isEqualTo(1L);
                    assertThat(integer.maximum()).isEqualTo(100L);
                });
        assertThat(form.requestedSchema().properties().get("email")).isInstanceOfSatisfying(
                AcpSchema.StringPropertySchema.class, email -> assertThat(email.format()).isEqualTo("email"));
        assertThat(form.requestedSchema().properties().get("untitledMultipleSelectEnum")).isInstanceOfSatisfying(
                AcpSchema.MultiSelectPropertySchema.class, list -> {
                    assertThat(list.minItems()).isEqualTo(1L);
                    assertThat(list.maxItems()).isEqualTo(3L);
                });
        String result = model.request(1).results().getLast().output();
        assertThat(result).contains("User provided the requested information").contains("Name: Ada")
                .contains("Favorite Integer: 42"); // left out: the server's default
    }

    @Test
    void slashCommandsAreOfferedAndTheModelAndFormatAreOptionsTheEditorSets() throws Exception {
        start("-m", Api.CHAT_COMPLETIONS.model(), "--tool-format", "markdown");
        String session = editor.newSession(sandbox);

        AcpSchema.AvailableCommandsUpdate commands = editor.await(AcpSchema.AvailableCommandsUpdate.class, u -> true);
        assertThat(commands.availableCommands()).extracting(AcpSchema.AvailableCommand::name)
                .contains("model", "format", "undo", "tokens").doesNotContain("exit", "clear");
        var set = editor.client.setSessionConfigOption(AcpSchema.SetSessionConfigOptionRequest.select(session,
                "tool_format", "xml"));
        assertThat(set.configOptions()).anySatisfy(o -> {
            AcpSchema.SessionConfigSelect select = (AcpSchema.SessionConfigSelect) o;
            if (select.id().equals("tool_format")) {
                assertThat(select.currentValue()).isEqualTo("xml");
            }
        });
        editor.prompt(session, "/format");
        assertThat(editor.message()).contains("tool format: xml");
    }
}
