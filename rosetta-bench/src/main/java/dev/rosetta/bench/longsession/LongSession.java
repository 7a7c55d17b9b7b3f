package dev.rosetta.bench.longsession;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import dev.rosetta.agent.chat.AgentEvent;
import dev.rosetta.agent.chat.AgentLoop;
import dev.rosetta.agent.chat.ChatSession;
import dev.rosetta.agent.chat.SessionOptions;
import dev.rosetta.agent.chat.TurnOutcome;
import dev.rosetta.agent.chat.TurnSettings;
import dev.rosetta.agent.context.ContextSettings;
import dev.rosetta.agent.instructions.ProjectInstructions;
import dev.rosetta.agent.log.ConversationLog;
import dev.rosetta.agent.undo.FileCheckpoints;
import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.json.Json;
import dev.rosetta.llm.ProviderException;
import dev.rosetta.llm.Providers;
import dev.rosetta.llm.http.HttpTransport;
import dev.rosetta.llm.model.ModelInfo;
import dev.rosetta.llm.provider.ProviderDirectory;
import dev.rosetta.tools.Confirmation;
import dev.rosetta.tools.ToolContext;
import dev.rosetta.tools.Toolbox;
import dev.rosetta.tools.files.FileTools;
import dev.rosetta.tools.output.OutputLimit;

/**
 * The long autonomous session gptme's design note describes, against a local model: one
 * instruction, then {@value #CALLS} native tool calls, each with its reasoning, most of them
 * reading a 7 KB module (large results), every tenth writing notes, on a model whose window is
 * {@value #WINDOW} tokens; then one more turn that changes a file. Run with compaction (Rosetta's
 * budget) or without it (a window so large it never compacts, so every request carries all).
 */
public final class LongSession implements AutoCloseable {

    public static final int CALLS = 300;
    public static final int WINDOW = 32_000;
    public static final int MAX_OUTPUT = 2_000;
    public static final int MODULES = 30;
    public static final String FIRST_INSTRUCTION = "Work through every module in src/: read each one, and every"
            + " tenth step write what you learned to out/notes_N.md. Never change anything in src/.";
    public static final String LAST_INSTRUCTION = "Rewrite out/notes_1.md as a single line.";

    /** A model the registry does not know: a small window, DeepSeek's API (reasoning replayed). */
    public static final ModelInfo MODEL = new ModelInfo("deepseek", "fake-small", WINDOW, MAX_OUTPUT, null,
            new ModelInfo.Capabilities(true, false, true, false, false, false), ToolFormat.TOOL, null, List.of(), null);

    private final FakeModelServer server;
    private final Providers providers;
    private final ConversationLog log;
    private final FileCheckpoints checkpoints;
    private final ChatSession session;
    private final AgentLoop loop;
    private final Path workspace;
    private final List<AgentEvent> events = new CopyOnWriteArrayList<>();

    /**
     * @param dir        where the workspace and the log go
     * @param compaction whether Rosetta keeps the session within the window
     */
    public LongSession(Path dir, boolean compaction) throws IOException, ProviderException {
        workspace = Files.createDirectories(dir.resolve("workspace"));
        writeModules(workspace);
        server = new FakeModelServer();
        server.script(script());
        ProviderDirectory directory = new ProviderDirectory(List.of(), Map.of("DEEPSEEK_BASE_URL", server.baseUrl(),
                "DEEPSEEK_API_KEY", "sk-fake"));
        providers = new Providers(directory, HttpTransport.Settings.DEFAULT, Providers.OpenAiApi.CHAT_COMPLETIONS);
        log = ConversationLog.create(Files.createDirectories(dir.resolve("logs")), "long-session");
        checkpoints = new FileCheckpoints(log);
        ToolContext context = new ToolContext(workspace, false, OutputLimit.DEFAULT, log.folder().resolve("tool-outputs"),
                checkpoints);
        Toolbox toolbox = new Toolbox(FileTools.all(), context, Confirmation.ALWAYS);
        // Without compaction: a window no session reaches, so the budget is never passed.
        ContextSettings settings = compaction ? ContextSettings.DEFAULT : ContextSettings.DEFAULT.withWindow(100_000_000);
        session = new ChatSession(MODEL, providers.forModel(MODEL), ToolFormat.TOOL, toolbox, log,
                TurnSettings.DEFAULT.withMaxSteps(CALLS + 10), new SessionOptions(settings, ProjectInstructions.NONE,
                        checkpoints));
        loop = new AgentLoop(session, workspace, events::add);
    }

    /** The two turns: the long one, then the short one that changes a file. */
    public List<TurnOutcome> run() {
        return List.of(loop.run(FIRST_INSTRUCTION), loop.run(LAST_INSTRUCTION));
    }

    public List<FakeModelServer.Request> requests() {
        return server.requests();
    }

    public List<AgentEvent> events() {
        return List.copyOf(events);
    }

    public ConversationLog log() {
        return log;
    }

    public FileCheckpoints checkpoints() {
        return checkpoints;
    }

    public ChatSession session() {
        return session;
    }

    public Path workspace() {
        return workspace;
    }

    /** 30 modules of about 7 KB: 200 numbered lines each, different in every module. */
    private static void writeModules(Path workspace) throws IOException {
        Path src = Files.createDirectories(workspace.resolve("src"));
        for (int m = 0; m < MODULES; m++) {
            StringBuilder text = new StringBuilder();
            for (int line = 1; line <= 200; line++) {
                text.append(String.format(Locale.ROOT, "module %02d line %03d: value = %d%n", m, line,
                        (m * 7919 + line * 104729) % 100_003));
            }
            Files.writeString(src.resolve(String.format(Locale.ROOT, "module_%02d.txt", m)), text);
        }
    }

    /** Every reply of the model, in order. */
    static List<FakeModelServer.Reply> script() {
        List<FakeModelServer.Reply> replies = new ArrayList<>();
        for (int step = 1; step <= CALLS; step++) {
            String reasoning = reasoning(step);
            if (step % 10 == 0) {
                int n = step / 10;
                String notes = ("Notes after step " + step + ": the modules so far hold values below 100003.\n")
                        .repeat(20);
                replies.add(new FakeModelServer.Reply(reasoning, "", "save", Json.write(Map.of(
                        "path", "out/notes_" + n + ".md", "content", notes))));
            } else {
                String module = String.format(Locale.ROOT, "src/module_%02d.txt", step % MODULES);
                replies.add(new FakeModelServer.Reply(reasoning, "", "read", Json.write(Map.of("path", module))));
            }
        }
        replies.add(FakeModelServer.Reply.text("All " + CALLS + " steps are done."));
        replies.add(new FakeModelServer.Reply("The user wants one line.", "", "save", Json.write(Map.of(
                "path", "out/notes_1.md", "content", "One line of notes."))));
        replies.add(FakeModelServer.Reply.text("Done: out/notes_1.md is one line now."));
        return replies;
    }

    /** About 150 tokens of deliberation per step: what long sessions fill their context with. */
    private static String reasoning(int step) {
        return ("Step " + step + ". The last result looked as expected; the values stay in range. Before the next"
                + " module I check what the notes should say, whether anything contradicts the earlier modules,"
                + " and which file comes next. ").repeat(3);
    }

    @Override
    public void close() {
        try {
            session.toolbox().close();
        } finally {
            try {
                providers.close();
            } finally {
                try {
                    log.close();
                } finally {
                    server.close();
                }
            }
        }
    }
}
