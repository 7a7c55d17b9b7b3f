package dev.rosetta.agent.chat;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.rosetta.agent.context.ContextSettings;
import dev.rosetta.agent.instructions.ProjectInstructions;
import dev.rosetta.agent.log.ConversationLog;
import dev.rosetta.agent.undo.FileCheckpoints;
import dev.rosetta.agent.undo.Rewind;
import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.llm.model.ModelInfo;
import dev.rosetta.tools.Confirmation;
import dev.rosetta.tools.Tool;
import dev.rosetta.tools.ToolContext;
import dev.rosetta.tools.Toolbox;
import dev.rosetta.tools.files.FileTools;
import dev.rosetta.tools.files.Workspace;
import dev.rosetta.tools.shell.ShellTool;

/** Undo that restores files: whole turns against a loopback model, real file tools, real files. */
class UndoTest extends LoopbackTurnTest {

    private FileCheckpoints checkpoints;
    private AgentLoop loop;

    @BeforeEach
    void start() throws Exception {
        checkpoints = new FileCheckpoints(log);
        loop = loop(checkpoints);
    }

    private AgentLoop loop(FileCheckpoints store) throws Exception {
        ModelInfo model = api.model("openai/gpt-4.1");
        List<Tool> tools = new ArrayList<>(FileTools.all());
        tools.add(new ShellTool());
        Toolbox toolbox = new Toolbox(tools, ToolContext.in(dir).withWrites(store), Confirmation.ALWAYS);
        ChatSession session = new ChatSession(model, api.provider(model), ToolFormat.MARKDOWN, toolbox, log,
                TurnSettings.DEFAULT.withBreakOnToolUse(true),
                new SessionOptions(ContextSettings.DEFAULT, ProjectInstructions.NONE, store));
        return new AgentLoop(session, dir, e -> { });
    }

    private Workspace workspace() {
        return new Workspace(dir, false);
    }

    @AfterEach
    void stop() {
        loop.interrupt();
    }

    /** Turn 1 creates a.txt; turn 2 rewrites it, creates b.txt and runs a shell command. */
    private void twoTurns() {
        api.replyText("```save a.txt\nfirst\n```\n");
        api.replyText("Written.");
        loop.run("write a.txt");
        api.replyText("```save a.txt\nsecond\n```\n");
        api.replyText("```append b.txt\nnew file\n```\n");
        api.replyText("```shell\necho hi > c.txt\n```\n");
        api.replyText("Changed.");
        loop.run("change it");
    }

    @Test
    void undoingATurnPutsBackEveryFileItsCallsWroteAndSaysWhatTheShellDidIsNotUndone() throws Exception {
        twoTurns();
        int cut = Rewind.cutForLast(log.messages(), 1);

        Rewind.Plan plan = Rewind.plan(log, checkpoints, cut, workspace());

        assertThat(plan.restores()).extracting(r -> dir.relativize(r.path()).toString())
                .containsExactly("a.txt", "b.txt");
        assertThat(plan.restores().getFirst().diff()).contains("-second").contains("+first");
        assertThat(plan.restores().get(1).bytes()).as("b.txt did not exist: it is deleted").isNull();
        assertThat(plan.restores()).noneMatch(Rewind.FileRestore::changedElsewhere);
        assertThat(plan.untracked()).containsExactly("1 shell call");

        assertThat(Rewind.apply(log, plan, true, workspace())).isEmpty();

        assertThat(dir.resolve("a.txt")).hasContent("first");
        assertThat(dir.resolve("b.txt")).doesNotExist();
        assertThat(dir.resolve("c.txt")).as("the shell's file stays").exists();
        assertThat(log.messages()).hasSize(cut);
        assertThat(log.checkpoints()).singleElement().satisfies(c -> assertThat(c.created()).isTrue());
    }

    @Test
    void undoingTheNewFilesOfATurnRemovesTheFoldersTheirWritesMadeButNotWhatElseIsInThem() throws Exception {
        Files.createDirectories(dir.resolve("src"));
        api.replyText("```save docs/api/guide.md\n# Guide\n```\n");
        api.replyText("```save docs/api/index.md\n# Index\n```\n");
        api.replyText("```save src/main/App.java\nclass App {}\n```\n");
        api.replyText("```save notes/todo.txt\nkeep me\n```\n");
        api.replyText("Written.");
        loop.run("write the docs");
        Files.writeString(dir.resolve("notes/mine.txt"), "written by hand\n");

        Rewind.Plan plan = Rewind.plan(log, checkpoints, Rewind.cutForLast(log.messages(), 1), workspace());
        assertThat(Rewind.apply(log, plan, true, workspace())).isEmpty();

        assertThat(dir.resolve("docs")).as("made for guide.md, and empty once both files are gone").doesNotExist();
        assertThat(dir.resolve("src/main")).as("made for App.java").doesNotExist();
        assertThat(dir.resolve("src")).as("there before").isEmptyDirectory();
        assertThat(dir.resolve("notes/mine.txt")).as("another file in a made folder keeps it").exists();
        assertThat(dir.resolve("notes/todo.txt")).doesNotExist();
    }

    @Test
    void aFileChangedSinceBySomethingElseIsMarkedBeforeAnythingIsOverwritten() throws Exception {
        twoTurns();
        Files.writeString(dir.resolve("a.txt"), "edited by hand\n");

        Rewind.Plan plan = Rewind.plan(log, checkpoints, Rewind.cutForLast(log.messages(), 1), workspace());

        assertThat(plan.restores()).filteredOn(Rewind.FileRestore::changedElsewhere)
                .extracting(r -> r.path().getFileName().toString()).containsExactly("a.txt");
        assertThat(plan.restores().getFirst().diff()).contains("-edited by hand").contains("+first");
    }

    @Test
    void declinedFilesStayAsTheyAreWhileTheTurnsGo() throws Exception {
        twoTurns();
        int cut = Rewind.cutForLast(log.messages(), 2);
        Rewind.Plan plan = Rewind.plan(log, checkpoints, cut, workspace());
        assertThat(plan.restores()).extracting(r -> r.bytes() == null).containsExactly(true, true);

        Rewind.apply(log, plan, false, workspace());

        assertThat(log.messages()).isEmpty();
        assertThat(dir.resolve("a.txt")).hasContent("second");
        assertThat(log.checkpoints()).isEmpty();
    }

    @Test
    void theCheckpointsSurviveReopeningTheConversation() throws Exception {
        twoTurns();
        log.close();
        log = ConversationLog.open(logs, CONVERSATION);
        FileCheckpoints reopened = new FileCheckpoints(log);

        Rewind.Plan plan = Rewind.plan(log, reopened, Rewind.cutForLast(log.messages(), 1), workspace());

        assertThat(plan.restores()).hasSize(2);
        Rewind.apply(log, plan, true, workspace());
        assertThat(dir.resolve("a.txt")).hasContent("first");
    }

    @Test
    void aFileThatIsAsItWasAlreadyIsNeitherPutBackNorNamedAsOneThatCannotBe() throws Exception {
        String big = "x".repeat(5_000);
        Files.writeString(dir.resolve("big.txt"), big);
        loop.interrupt();
        loop = loop(FileCheckpoints.withLimits(log, 1_000, FileCheckpoints.MAX_TOTAL_BYTES));
        api.replyText("```save big.txt\nsmall now\n```\n");
        api.replyText("Done.");
        loop.run("shrink big.txt");
        Files.writeString(dir.resolve("big.txt"), big); // put back by hand

        Rewind.Plan plan = Rewind.plan(log, new FileCheckpoints(log), 0, workspace());

        assertThat(plan.restores()).isEmpty();
        assertThat(plan.cannotRestore()).isEmpty();
    }

    @Test
    void aFileTooLargeToKeepIsNamedAsOneThatCannotBePutBack() throws Exception {
        Files.writeString(dir.resolve("big.txt"), "x".repeat(5_000));
        loop.interrupt();
        loop = loop(FileCheckpoints.withLimits(log, 1_000, FileCheckpoints.MAX_TOTAL_BYTES));
        api.replyText("```save big.txt\nsmall now\n```\n");
        api.replyText("Done.");
        loop.run("shrink big.txt");

        Rewind.Plan plan = Rewind.plan(log, new FileCheckpoints(log), 0, workspace());

        assertThat(plan.restores()).isEmpty();
        assertThat(plan.cannotRestore()).singleElement().asString().startsWith("big.txt (it was too large to keep");
    }
}
