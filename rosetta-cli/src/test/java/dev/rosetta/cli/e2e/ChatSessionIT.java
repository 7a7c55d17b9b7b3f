package dev.rosetta.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import dev.rosetta.agent.chat.AgentEvent;
import dev.rosetta.agent.chat.AgentLoop;
import dev.rosetta.agent.chat.ChatSession;
import dev.rosetta.agent.chat.TurnOutcome;
import dev.rosetta.agent.chat.TurnSettings;
import dev.rosetta.agent.log.ConversationLog;
import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.llm.Providers;
import dev.rosetta.llm.http.HttpTransport;
import dev.rosetta.llm.model.ModelInfo;
import dev.rosetta.llm.model.ModelRegistry;
import dev.rosetta.llm.provider.ProviderDirectory;
import dev.rosetta.tools.BuiltinToolset;
import dev.rosetta.tools.Confirmation;
import dev.rosetta.tools.Decision;
import dev.rosetta.tools.ToolContext;
import dev.rosetta.tools.Toolbox;

/**
 * What needs a terminal in the jar — switching models with {@code /model}, answering "no" to a
 * confirmation — run in-process through the same public pieces the command wires together
 * (registry, providers, {@link ChatSession}, {@link AgentLoop}, {@link Toolbox}), against the
 * fake provider over real HTTP. The interactive prompt itself is tested through a terminal
 * elsewhere.
 */
class ChatSessionIT {

    @TempDir
    Path temp;

    private FakeProvider model;
    private ProviderDirectory directory;
    private ModelRegistry registry;
    private Providers providers;
    private final List<Toolbox> toolboxes = new ArrayList<>();
    private final List<ConversationLog> logs = new ArrayList<>();

    @BeforeEach
    void start() throws Exception {
        model = new FakeProvider();
        Map<String, String> env = new HashMap<>(model.baseUrls());
        env.put("OPENAI_API_KEY", Sandbox.OPENAI_KEY);
        env.put("ANTHROPIC_API_KEY", Sandbox.ANTHROPIC_KEY);
        directory = new ProviderDirectory(List.of(), env);
        // As a user's models.json would: Sonnet asks for native tools, so /model sonnet switches format too.
        Path models = temp.resolve("models.json");
        Files.writeString(models, """
                {"models": {"anthropic/claude-sonnet-4-6": {"default_tool_format": "tool"},
                            "openai/gpt-5": {"default_tool_format": "xml"}}}""");
        registry = ModelRegistry.load(directory, models, w -> { });
        providers = new Providers(directory, HttpTransport.Settings.DEFAULT, Providers.OpenAiApi.AUTO);
        Files.createDirectories(workspace());
    }

    @AfterEach
    void stop() {
        toolboxes.forEach(Toolbox::close);
        logs.forEach(ConversationLog::close);
        model.close();
        assertThat(model.unanswered()).as("scripted replies never asked for").isZero();
    }

    @Test
    void switchingModelsReSpellsEarlierCallsInTheNewModelsFormat() throws Exception {
        ChatSession session = session(Api.CHAT_COMPLETIONS.model(), ToolFormat.MARKDOWN, Confirmation.ALWAYS);
        AgentLoop loop = new AgentLoop(session, workspace(), e -> { });
        ModelCall save = ModelCall.save("hello.py", "print('hello')\n");
        model.script(Format.MARKDOWN.reply("Saving.\n", save), ScriptedReply.text("Saved."));
        assertThat(loop.run("write hello.py").reason()).isEqualTo(TurnOutcome.Reason.DONE);

        switchModel(session, "sonnet");
        assertThat(session.format()).isEqualTo(ToolFormat.TOOL);
        ModelCall shell = ModelCall.shell("echo switched");
        model.script(Format.TOOL.reply("", shell), ScriptedReply.text("Done."));
        assertThat(loop.run("now run it").reason()).isEqualTo(TurnOutcome.Reason.DONE);

        WireRequest onSonnet = model.request(2);
        assertThat(onSonnet.api()).isEqualTo(Api.ANTHROPIC);
        assertThat(onSonnet.calls()).singleElement().satisfies(call -> {
            assertThat(call.tool()).isEqualTo("save");
            assertThat(call.path()).isEqualTo("hello.py");
        });
        assertThat(onSonnet.results()).extracting(WireResult::callId).containsExactly(onSonnet.calls().getFirst().id());
        assertThat(onSonnet.messages()).noneSatisfy(m -> assertThat(m).contains("```save"));

        switchModel(session, "openai/gpt-5");
        assertThat(session.format()).isEqualTo(ToolFormat.XML);
        model.script(ScriptedReply.text("Both are in the history."));
        assertThat(loop.run("what did you do?").reason()).isEqualTo(TurnOutcome.Reason.DONE);

        WireRequest onGpt5 = model.request(4);
        assertThat(onGpt5.api()).isEqualTo(Api.RESPONSES);
        assertThat(onGpt5.systemPrompt()).startsWith("<role>\n").contains("<tools>");
        assertThat(onGpt5.calls()).as("no native calls in xml").isEmpty();
        String history = String.join("\n", onGpt5.messages());
        assertThat(history).contains("<save args=\"hello.py\">").contains("<shell>\necho switched")
                .doesNotContain("```save");
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Api.class)
    void aRefusedCallIsNotRunAndTheModelIsToldWhy(Api api) throws Exception {
        Confirmation no = (use, preview, remember) -> new Decision.No("not in this folder");
        ChatSession session = session(api.model(), ToolFormat.TOOL, no);
        AgentLoop loop = new AgentLoop(session, workspace(), e -> { });
        ModelCall save = ModelCall.save("refused.txt", "never\n");
        model.script(Format.TOOL.reply("", save), ScriptedReply.text("Understood."));

        TurnOutcome outcome = loop.run("write refused.txt");

        assertThat(outcome.reason()).isEqualTo(TurnOutcome.Reason.DONE);
        assertThat(workspace().resolve("refused.txt")).doesNotExist();
        assertThat(model.request(1).results()).singleElement().satisfies(r -> {
            assertThat(r.callId()).isEqualTo(save.id());
            assertThat(r.output()).contains("declined").contains("not in this folder");
            if (api == Api.ANTHROPIC) {
                assertThat(r.isError()).isTrue();
            }
        });
    }

    @Test
    void aRefusedTextCallIsReportedInTheNextRequest() throws Exception {
        List<AgentEvent> events = new ArrayList<>();
        ChatSession session = session(Api.CHAT_COMPLETIONS.model(), ToolFormat.MARKDOWN,
                (use, preview, remember) -> new Decision.No(""));
        AgentLoop loop = new AgentLoop(session, workspace(), events::add);
        model.script(Format.MARKDOWN.reply("Running.\n", ModelCall.shell("touch ran.txt")), ScriptedReply.text("OK."));

        loop.run("touch a file");

        assertThat(workspace().resolve("ran.txt")).doesNotExist();
        assertThat(model.request(1).messages().getLast()).contains("declined");
        assertThat(events).anySatisfy(e -> assertThat(e).isInstanceOfSatisfying(AgentEvent.ToolFinished.class,
                f -> assertThat(f.result().isError()).isTrue()));
    }

    private Path workspace() {
        return temp.resolve("workspace");
    }

    private ChatSession session(String name, ToolFormat format, Confirmation confirmation) throws Exception {
        ModelInfo info = registry.resolve(name);
        Toolbox toolbox = new Toolbox(BuiltinToolset.create(), ToolContext.in(workspace()), confirmation);
        toolboxes.add(toolbox);
        ConversationLog log = ConversationLog.create(temp.resolve("logs"), null);
        logs.add(log);
        return new ChatSession(info, providers.forModel(info), format, toolbox, log, TurnSettings.DEFAULT);
    }

    /** As {@code /model NAME} does: the model's own default format if it has one, else the current one. */
    private void switchModel(ChatSession session, String name) throws Exception {
        ModelInfo next = registry.resolve(name);
        ToolFormat format = next.defaultToolFormat() != null ? next.defaultToolFormat() : session.format();
        session.switchModel(next, providers.forModel(next), format);
        assertThat(session.request(workspace(), LocalDate.now()).model()).isEqualTo(next.id());
    }
}
