package dev.rosetta.agent.chat;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import dev.rosetta.agent.log.ConversationLog;
import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.message.Role;
import dev.rosetta.tools.Confirmation;
import dev.rosetta.tools.Tool;
import dev.rosetta.tools.ToolContext;
import dev.rosetta.tools.Toolbox;
import dev.rosetta.tools.files.FileTools;
import dev.rosetta.tools.python.PythonTool;
import dev.rosetta.tools.shell.ShellTool;

/**
 * An answer with code examples costs no extra request, counted at a loopback server speaking
 * OpenAI's wire format: in every format but markdown no fenced block is feedback, and in markdown
 * a block in a tool's alias is told about only where it ends the reply, and once a conversation.
 */
class ExampleBlocksTest {

    @TempDir
    Path dir;

    @TempDir
    Path logs;

    private FakeOpenAi api;
    private ConversationLog log;

    @BeforeEach
    void start() throws Exception {
        api = new FakeOpenAi();
        log = ConversationLog.create(logs, "test");
    }

    @AfterEach
    void stop() {
        api.close();
        log.close();
    }

    private AgentLoop loop(ToolFormat format) throws Exception {
        List<Tool> tools = new ArrayList<>(FileTools.all());
        tools.add(new ShellTool());
        tools.add(new PythonTool());
        Toolbox toolbox = new Toolbox(tools, ToolContext.in(dir), Confirmation.ALWAYS);
        var model = api.model("openai/gpt-4.1");
        ChatSession session = new ChatSession(model, api.provider(model), format, toolbox, log, TurnSettings.DEFAULT);
        return new AgentLoop(session, dir, e -> { });
    }

    private long systemMessages() {
        return log.messages().stream().filter(m -> m.message().role() == Role.SYSTEM).count();
    }

    @ParameterizedTest
    @EnumSource(ToolFormat.class)
    void anAnswerWithCodeExamplesCostsNoExtraRequest(ToolFormat format) throws Exception {
        api.replyText("Sum a list like this:\n```python\nprint(sum([1, 2, 3]))\n```\nor in a shell:\n```bash\necho $((1+2))\n```\n"
                + "Both print 6 and 3.");
        TurnOutcome outcome = loop(format).run("how do I add numbers?");
        assertThat(outcome.ok()).as(outcome.toString()).isTrue();
        assertThat(api.requests()).hasSize(1);
        assertThat(systemMessages()).isZero();
    }

    @ParameterizedTest
    @EnumSource(value = ToolFormat.class, names = "MARKDOWN", mode = EnumSource.Mode.EXCLUDE)
    void aFencedCallInAnotherFormatIsCodeForTheUserNotACallNorFeedback(ToolFormat format) throws Exception {
        api.replyText("To list files, run:\n```shell\nls -la\n```");
        TurnOutcome outcome = loop(format).run("how do I list files?");
        assertThat(outcome.ok()).as(outcome.toString()).isTrue();
        assertThat(api.requests()).hasSize(1);
    }

    @Test
    void aPythonBlockEndingAMarkdownReplyIsToldOnceAConversation() throws Exception {
        api.replyText("Let me compute it:\n```python\nprint(6 * 7)\n```\n");
        api.replyText("Again:\n```python\nprint(6 * 7)\n```\n");
        TurnOutcome first = loop(ToolFormat.MARKDOWN).run("what is 6 times 7?");
        assertThat(first.ok()).as(first.toString()).isTrue();
        assertThat(api.requests()).hasSize(2);
        assertThat(api.requests().get(1).toString()).contains("```python blocks are not run (they may be examples)")
                .contains("```ipython");
        assertThat(systemMessages()).isEqualTo(1);

        api.replyText("Here:\n```python\nprint(7 * 8)\n```");
        TurnOutcome second = loop(ToolFormat.MARKDOWN).run("and 7 times 8?");
        assertThat(second.ok()).as(second.toString()).isTrue();
        assertThat(api.requests()).hasSize(3);
        assertThat(systemMessages()).isEqualTo(1);
    }
}
