package dev.rosetta.agent.session;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.rosetta.agent.chat.AgentLoop;
import dev.rosetta.agent.chat.ChatSession;
import dev.rosetta.agent.chat.SessionOptions;
import dev.rosetta.agent.chat.TurnSettings;
import dev.rosetta.agent.context.ContextSettings;
import dev.rosetta.agent.instructions.ProjectInstructions;
import dev.rosetta.agent.log.ConversationLog;
import dev.rosetta.agent.log.LoggedMessage;
import dev.rosetta.agent.undo.FileCheckpoints;
import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.message.Message;
import dev.rosetta.core.tool.ToolResult;
import dev.rosetta.core.tool.ToolUse;
import dev.rosetta.llm.Providers;
import dev.rosetta.llm.http.HttpTransport;
import dev.rosetta.llm.model.ModelInfo;
import dev.rosetta.llm.model.ModelRegistry;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import dev.rosetta.llm.provider.ProviderDirectory;
import dev.rosetta.tools.Confirmation;
import dev.rosetta.tools.ToolContext;
import dev.rosetta.tools.Toolbox;
import dev.rosetta.tools.files.FileTools;

/**
 * /undo, /rewind, /context and /instructions through the session host, on a real log, real files and
 * real checkpoints; no model is asked. The commands' questions are answered by id, as a front end does.
 */
class SlashCommandsTest {

    @TempDir
    Path dir;

    private final StringBuilder shown = new StringBuilder();
    private final Deque<String> answers = new ArrayDeque<>();
    /** A llama.cpp server for the local models; it answers nothing unless a test gives it an answer. */
    private final MockWebServer llamaServer = new MockWebServer();
    private Path workspace;
    private SessionHost host;
    private Conversation chat;
    private FileCheckpoints checkpoints;
    private Toolbox toolbox;

    @BeforeEach
    void chat() throws Exception {
        workspace = Files.createDirectories(dir.resolve("work"));
        Files.writeString(workspace.resolve("AGENTS.md"), "Be careful.\n");
        ConversationLog log = ConversationLog.create(dir.resolve("logs"), "c");
        checkpoints = new FileCheckpoints(log);
        toolbox = new Toolbox(FileTools.all(), ToolContext.in(workspace).withWrites(checkpoints), Confirmation.ALWAYS);
        llamaServer.start();
        ProviderDirectory directory = new ProviderDirectory(List.of(), Map.of("OPENAI_API_KEY", "sk-unused",
                "LOCAL_BASE_URL", llamaServer.url("/v1").toString()));
        Providers providers = new Providers(directory, HttpTransport.Settings.DEFAULT, Providers.OpenAiApi.AUTO);
        ModelRegistry registry = ModelRegistry.bundled(directory, w -> { });
        ModelInfo model = registry.resolve("openai/gpt-4.1");
        ChatSession session = new ChatSession(model, providers.forModel(model), ToolFormat.MARKDOWN, toolbox, log,
                TurnSettings.DEFAULT, new SessionOptions(ContextSettings.DEFAULT,
                        ProjectInstructions.load(workspace, null), checkpoints));
        host = SessionHost.open(outlets -> new Conversation(session, new AgentLoop(session, workspace,
                outlets.events()), log, registry, providers, workspace, null));
        chat = host.conversation();
        host.subscribe(this::show);
    }

    @AfterEach
    void close() {
        host.close();
        llamaServer.close();
    }

    /** What a plain front end would show, and the answers it gives, in order. */
    private void show(NumberedEvent numbered) {
        switch (numbered.event()) {
            case SessionEvent.Said s -> shown.append(s.text()).append('\n');
            case SessionEvent.ChangeShown c -> shown.append("change ").append(c.change().path()).append('\n')
                    .append(c.change().diff());
            case SessionEvent.QuestionAsked q when q.question() instanceof Question.Choice c -> {
                shown.append(c.prompt()).append('\n');
                host.answer(c.id(), new Answer.Text(answers.poll()));
            }
            default -> { }
        }
    }

    private void run(String command) throws InterruptedException {
        assertThat(host.run(command).ok()).isTrue();
    }

    /** A turn whose one call saves {@code file}, run through the toolbox as the loop runs it. */
    private void turn(String ask, String file, String content) throws Exception {
        chat.session().add(Message.user(ask));
        ToolUse save = ToolUse.positional("save", List.of(file), content).withCallId("call_" + ask.hashCode());
        chat.session().add(LoggedMessage.of(Message.assistant("```save " + file + "\n" + content + "```\n",
                List.of(save)), ToolFormat.MARKDOWN));
        checkpoints.begin(save.callId());
        ToolResult result = toolbox.execute(save);
        checkpoints.end();
        chat.session().add(Message.toolResult(save.callId(), result));
    }

    private String shown() {
        return shown.toString();
    }

    @Test
    void undoShowsTheDiffAndYesPutsTheFileBack() throws Exception {
        turn("first", "a.txt", "one\n");
        turn("second", "a.txt", "two\n");
        answers.add("y");

        run("/undo");

        assertThat(shown()).contains("change a.txt", "-two", "+one", "Put 1 file back as it was?",
                "took back 3 messages; put back 1 file");
        assertThat(workspace.resolve("a.txt")).hasContent("one");
        assertThat(chat.log().messages()).hasSize(3);
    }

    /** Issue 25 §3: /undo printed every diff line before asking — 240,000 lines for 30 files. */
    @Test
    void undoOfThirtyLargeFilesSaysWhatItDoesInALineEachAndShowsTheDiffsAPageAtATimeOnRequest() throws Exception {
        for (int i = 0; i < 30; i++) {
            Files.writeString(workspace.resolve("f" + i + ".txt"), "old line\n".repeat(4_000));
        }
        chat.session().add(Message.user("rewrite them all"));
        List<ToolUse> saves = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            saves.add(ToolUse.positional("save", List.of("f" + i + ".txt"), "new line\n".repeat(4_000))
                    .withCallId("call_" + i));
        }
        chat.session().add(LoggedMessage.of(Message.assistant("Rewriting.", saves), ToolFormat.MARKDOWN));
        for (ToolUse save : saves) {
            checkpoints.begin(save.callId());
            ToolResult result = toolbox.execute(save);
            checkpoints.end();
            chat.session().add(Message.toolResult(save.callId(), result));
        }
        answers.add("d");
        answers.add("y");

        run("/undo");

        String shown = shown();
        assertThat(shown).contains("30 files to put back (+120000 -120000 lines):", "change f0.txt",
                "+4000 -4000", "(lines 1–200 of 240,090)", "[d]iffs (more, after 200 of 240,090 lines)",
                "put back 30 files");
        assertThat(shown.lines().count()).as("lines shown").isLessThan(400);
        assertThat(workspace.resolve("f29.txt")).hasContent("old line\n".repeat(4_000).stripTrailing());
    }

    @Test
    void noAnswerTakesNothingBackAndNoLeavesTheFiles() throws Exception {
        turn("first", "a.txt", "one\n");

        run("/undo");
        assertThat(shown()).contains("nothing taken back");
        assertThat(chat.log().messages()).hasSize(3);

        answers.add("n");
        run("/undo");
        assertThat(shown()).contains("took back 3 messages; the files stay as they are");
        assertThat(workspace.resolve("a.txt")).hasContent("one");
    }

    @Test
    void aFileChangedSinceIsMarkedBeforeTheQuestion() throws Exception {
        turn("first", "a.txt", "one\n");
        Files.writeString(workspace.resolve("a.txt"), "mine\n");
        answers.add("c");

        run("/undo");

        assertThat(shown()).containsPattern("delete a\\.txt .*⚠ changed since this conversation last wrote it");
        assertThat(workspace.resolve("a.txt")).hasContent("mine");
    }

    @Test
    void rewindListsTheTurnsAndGoesBackToBeforeThePickedOne() throws Exception {
        turn("first", "a.txt", "one\n");
        turn("second", "b.txt", "two\n");
        turn("third", "c.txt", "three\n");
        answers.add("2");
        answers.add("y");

        run("/rewind");

        assertThat(shown()).contains("  1  first", "  2  second", "  3  third", "Go back to before which turn?",
                "Put 2 files back as they were?", "delete b.txt", "delete c.txt", "took back 6 messages");
        assertThat(workspace.resolve("a.txt")).exists();
        assertThat(workspace.resolve("b.txt")).doesNotExist();
        assertThat(workspace.resolve("c.txt")).doesNotExist();
    }

    @Test
    void modelWithNoFormatOfItsOwnTakesItsBestFormatAndSaysWhy() throws Exception {
        // gpt-4o has no default_tool_format; the published results shipped with Rosetta name tool for it.
        run("/model openai/gpt-4o");

        assertThat(chat.session().format()).isEqualTo(ToolFormat.TOOL);
        assertThat(shown()).contains("model: openai/gpt-4o (tool format: tool — auto: best for gpt-4o in published"
                + " results").contains("gptme.org");
        shown.setLength(0);
        run("/model");
        assertThat(shown()).contains("(tool format: tool — auto: ");
    }

    @Test
    void formatSwitchesTheToolFormatKeepsTheModelAndSavesIt() throws Exception {
        String model = chat.session().model().name();
        run("/format xml");

        assertThat(chat.session().format()).isEqualTo(ToolFormat.XML);
        assertThat(chat.session().model().name()).isEqualTo(model);
        assertThat(shown()).contains("tool format: xml");
    }

    @Test
    void modelSaysTheNativeDialectReadOffTheChatTemplateAndWhy() throws Exception {
        // llama-server's GET /props, its chat_template a GLM-4.6 one (cut to the lines that write calls).
        String props = """
                {"default_generation_settings":{"id":0,"n_ctx":8192},"total_slots":1,"model_alias":"model.gguf",
                 "chat_template":"{%- for tc in m.tool_calls %}<tool_call>{{ tc.name }}\\n{% for k, v in tc.arguments.items() %}<arg_key>{{ k }}</arg_key>\\n<arg_value>{{ v }}</arg_value>{% endfor %}</tool_call>{% endfor %}"}
                """;
        llamaServer.setDispatcher(new Dispatcher() {
            @Override
            public MockResponse dispatch(RecordedRequest request) {
                return request.getUrl().encodedPath().equals("/props")
                        ? new MockResponse.Builder().setHeader("content-type", "application/json").body(props).build()
                        : new MockResponse.Builder().code(404).body("File Not Found").build();
            }
        });

        run("/model local/model.gguf");

        assertThat(shown()).contains("model: local/model.gguf (tool format: tool)").contains("native dialect: glm:"
                + " its chat template writes calls with <arg_key>, <arg_value> (GLM-4.5 and later)");
    }

    @Test
    void contextAndInstructionsSayWhatTheNextRequestCarries() throws Exception {
        turn("first", "a.txt", "one\n");

        run("/instructions");
        run("/context");

        assertThat(shown()).contains(workspace.resolve("AGENTS.md") + "  12 characters")
                .containsPattern("context: ≈[0-9,]+ of 1,047,576 tokens")
                .containsPattern("instructions +[0-9]+").containsPattern("tool results +[0-9]+")
                .contains("compacts above ≈");
    }
}
