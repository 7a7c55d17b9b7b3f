package dev.rosetta.agent.chat;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.rosetta.agent.chat.TurnOutcome.Reason;
import dev.rosetta.agent.hooks.HookEntry;
import dev.rosetta.agent.hooks.HookEvent;
import dev.rosetta.agent.hooks.HookMatcher;
import dev.rosetta.agent.hooks.HookSession;
import dev.rosetta.agent.hooks.Hooks;
import dev.rosetta.agent.log.LoggedMessage;
import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.message.Role;
import dev.rosetta.core.testing.MachineRequirement;
import dev.rosetta.core.tool.ErrorCode;
import dev.rosetta.llm.model.ModelInfo;
import dev.rosetta.tools.Confirmation;
import dev.rosetta.tools.Decision;
import dev.rosetta.tools.Tool;
import dev.rosetta.tools.ToolContext;
import dev.rosetta.tools.Toolbox;
import dev.rosetta.tools.files.FileTools;
import dev.rosetta.tools.process.Executables;
import dev.rosetta.tools.shell.ShellTool;
import tools.jackson.databind.JsonNode;

/** Whole turns with hooks: real scripts at each point of the loop, a loopback server as the model. */
class HookedTurnTest extends LoopbackTurnTest {

    private final List<HookEntry> hooks = new ArrayList<>();
    private Confirmation confirmation = Confirmation.ALWAYS;

    @BeforeEach
    void start() throws Exception {
        MachineRequirement.require(Executables.find("jq", System.getenv("PATH")).isPresent(),
                "jq is not installed (apt-get install jq)");
    }

    private void hook(HookEvent event, String matcher, String body) throws IOException {
        Path file = dir.resolve("hook" + hooks.size() + ".sh");
        Files.writeString(file, "#!/bin/bash\n" + body);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwx------"));
        hooks.add(new HookEntry(event, HookMatcher.of(matcher), file.toString(), null, null,
                dir.resolve("config.toml"), false));
    }

    private AgentLoop loop() {
        ModelInfo model = api.model("openai/gpt-4.1");
        List<Tool> tools = new ArrayList<>(FileTools.all());
        tools.add(new ShellTool());
        Toolbox toolbox = new Toolbox(tools, ToolContext.in(dir), confirmation);
        HookSession session = new HookSession(log.id(), log.folder().resolve("conversation.jsonl"), dir,
                System.getenv(), () -> "default");
        Hooks configured = new Hooks(hooks, session, line -> events.add(new AgentEvent.Notice(line)));
        ChatSession chat = new ChatSession(model, providerFor(model), ToolFormat.TOOL, toolbox, log,
                TurnSettings.DEFAULT, SessionOptions.DEFAULT.withHooks(configured));
        return loop(chat);
    }

    private dev.rosetta.llm.Provider providerFor(ModelInfo model) {
        try {
            return api.provider(model);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private List<LoggedMessage> logged() {
        return log.messages();
    }

    private String result(int index) {
        return logged().get(index).message().content();
    }

    @Test
    void aPreToolUseHookThatExitsTwoBlocksTheCallAndTheModelReadsItsStderr() throws Exception {
        hook(HookEvent.PRE_TOOL_USE, "Write", """
                path=$(jq -r .tool_input.file_path)
                echo "$path is generated; edit src/schema.ts instead" >&2
                exit 2
                """);
        api.replyCalls("save", "{\"path\": \"gen.ts\", \"content\": \"x\"}");
        api.replyText("Understood.");
        TurnOutcome outcome = loop().run("change gen.ts");

        assertThat(outcome.ok()).isTrue();
        assertThat(dir.resolve("gen.ts")).doesNotExist();
        LoggedMessage answer = logged().get(2);
        assertThat(answer.message().isError()).isTrue();
        assertThat(answer.message().content()).startsWith(ErrorCode.DENIED.tag())
                .contains("a PreToolUse hook blocked this call")
                .contains(dir.resolve("gen.ts") + " is generated; edit src/schema.ts instead");
        JsonNode second = api.requests().get(1).get("messages");
        assertThat(second.get(3).get("content").stringValue()).contains("edit src/schema.ts instead");
    }

    @Test
    void updatedInputChangesWhatRunsAndAllowSkipsTheQuestion() throws Exception {
        hook(HookEvent.PRE_TOOL_USE, "save", """
                jq '{hookSpecificOutput: {hookEventName: "PreToolUse", permissionDecision: "allow",
                     updatedInput: (.tool_input | .content = (.content + "\\n# checked by the hook"))}}'
                """);
        confirmation = (use, preview, remember) -> new Decision.No("nobody should be asked");
        api.replyCalls("save", "{\"path\": \"a.py\", \"content\": \"print(1)\"}");
        api.replyText("Saved.");
        loop().run("save a.py");

        assertThat(dir.resolve("a.py")).hasContent("print(1)\n# checked by the hook");
    }

    @Test
    void aHookThatAsksIsRefusedWhenNoOneCanAnswer() throws Exception {
        hook(HookEvent.PRE_TOOL_USE, "Bash", """
                echo '{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "ask",
                       "permissionDecisionReason": "it touches production"}}'
                """);
        api.replyCalls("shell", "{\"command\": \"touch deployed\"}");
        api.replyText("I could not.");
        loop().run("deploy");

        assertThat(dir.resolve("deployed")).doesNotExist();
        assertThat(result(2)).startsWith(ErrorCode.DENIED.tag()).contains("it touches production")
                .contains("no one is there to answer");
    }

    @Test
    void aBlockedPromptIsNeitherSentNorKept() throws Exception {
        hook(HookEvent.USER_PROMPT_SUBMIT, null, "echo 'no secrets in prompts' >&2\nexit 2\n");
        TurnOutcome outcome = loop().run("my key is sk-123");

        assertThat(outcome.reason()).isEqualTo(Reason.BLOCKED);
        assertThat(outcome.message()).contains("no secrets in prompts");
        assertThat(logged()).isEmpty();
        assertThat(api.server.getRequestCount()).isZero();
    }

    @Test
    void promptContextFollowsTheMessageForTheModel() throws Exception {
        hook(HookEvent.USER_PROMPT_SUBMIT, null, "echo 'The deployment target is staging.'\n");
        api.replyText("Noted.");
        loop().run("deploy it");

        assertThat(logged().get(0).message().role()).isEqualTo(Role.USER);
        assertThat(logged().get(1).message().role()).isEqualTo(Role.SYSTEM);
        assertThat(result(1)).contains("UserPromptSubmit hook").contains("The deployment target is staging.");
        JsonNode sent = api.requests().get(0).get("messages");
        assertThat(sent.get(2).get("content").stringValue()).contains("The deployment target is staging.");
    }

    @Test
    void aStopHookKeepsTheTurnGoingOnceThenLetsItEnd() throws Exception {
        hook(HookEvent.STOP, null, """
                if [ "$(jq -r .stop_hook_active)" = "false" ]; then
                  echo '{"decision": "block", "reason": "Run the test suite before finishing."}'
                fi
                """);
        api.replyText("Done.");
        api.replyText("The tests pass.");
        TurnOutcome outcome = loop().run("fix it");

        assertThat(outcome.ok()).isTrue();
        assertThat(api.requests()).hasSize(2);
        assertThat(result(2)).contains("Run the test suite before finishing.");
        assertThat(events).anySatisfy(e -> assertThat(e).isInstanceOfSatisfying(AgentEvent.Notice.class,
                n -> assertThat(n.text()).contains("a Stop hook keeps the turn going")));
    }

    @Test
    void postToolUseContextReachesTheModelWithTheResult() throws Exception {
        hook(HookEvent.POST_TOOL_USE, "Write|Edit", """
                jq '{hookSpecificOutput: {hookEventName: "PostToolUse",
                     additionalContext: ("This file is generated: " + .tool_input.file_path)}}'
                """);
        api.replyCalls("save", "{\"path\": \"out.txt\", \"content\": \"x\"}");
        api.replyText("Ok.");
        loop().run("write out.txt");

        assertThat(result(2)).startsWith("Saved out.txt")
                .contains("[PostToolUse hook] This file is generated: " + dir.resolve("out.txt"));
    }

    @Test
    void continueFalseEndsTheTurnAfterTheCallWithItsReason() throws Exception {
        hook(HookEvent.POST_TOOL_USE, null,
                "echo '{\"continue\": false, \"stopReason\": \"Build failed, fix errors before continuing\"}'\n");
        api.replyCalls("save", "{\"path\": \"a.txt\", \"content\": \"A\"}", "save",
                "{\"path\": \"b.txt\", \"content\": \"B\"}");
        TurnOutcome outcome = loop().run("write both");

        assertThat(outcome.reason()).isEqualTo(Reason.BLOCKED);
        assertThat(outcome.message()).contains("Build failed, fix errors before continuing");
        assertThat(dir.resolve("a.txt")).exists();
        assertThat(dir.resolve("b.txt")).doesNotExist();
        assertThat(result(3)).contains("a hook stopped the turn"); // every call still gets its one result
        assertThat(api.server.getRequestCount()).isEqualTo(1);
    }
}
