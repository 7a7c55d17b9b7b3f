package dev.rosetta.agent.chat;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.rosetta.agent.context.ContextSettings;
import dev.rosetta.agent.instructions.ProjectInstructions;
import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.secret.Redaction;
import dev.rosetta.llm.model.ModelInfo;
import dev.rosetta.tools.Confirmation;
import dev.rosetta.tools.Tool;
import dev.rosetta.tools.ToolContext;
import dev.rosetta.tools.Toolbox;
import dev.rosetta.tools.files.FileTools;
import dev.rosetta.tools.shell.ShellTool;

/**
 * Issue 25 §2: a key in a normal reply, or in what a tool printed, was shown, logged and sent back
 * to the model. Whole turns against a loopback server in OpenAI's wire format, with a real shell.
 */
class SecretsTest extends LoopbackTurnTest {

    /** The key the fake provider is called with. */
    private static final String KEY = "sk-test-SECRET-4242";
    /** Another secret Rosetta knows (a token in its environment). */
    private static final String TOKEN = "ghp_0123456789abcdefTOKEN";

    private AgentLoop loop() throws Exception {
        ModelInfo model = api.model("openai/gpt-4.1");
        List<Tool> tools = new ArrayList<>(FileTools.all());
        tools.add(new ShellTool());
        Toolbox toolbox = new Toolbox(tools, ToolContext.in(dir), Confirmation.ALWAYS);
        Redaction known = Redaction.of(List.of(KEY), "[the API key]").and(Redaction.of(List.of(TOKEN), "***"));
        ChatSession session = new ChatSession(model, api.provider(model), ToolFormat.MARKDOWN, toolbox, log,
                TurnSettings.DEFAULT, new SessionOptions(ContextSettings.DEFAULT, ProjectInstructions.NONE, null)
                        .withSecrets(known));
        return loop(session);
    }

    @Test
    void aKeyEchoedInANormalReplyIsNeitherShownNorLogged() throws Exception {
        api.replyText("Your key is sk-test-SEC", "RET-4242, I think.");

        loop().run("what is my key?");

        assertThat(log.messages().getLast().message().content()).isEqualTo("Your key is [the API key], I think.");
        assertThat(events).noneMatch(e -> e.toString().contains("SECRET"));
        assertThat(Files.readString(log.folder().resolve("conversation.jsonl"))).doesNotContain("SECRET");
    }

    /**
     * The outside probe's reply echoed another provider's key and a token of the environment: only
     * the key of the request was blanked, the others were printed and logged.
     */
    @Test
    void anotherSecretTheConversationKnowsEchoedInAReplyIsNeitherShownNorLogged() throws Exception {
        api.replyText("The token is ghp_0123456789", "abcdefTOKEN; run:\n```shell\necho ghp_0123456789abcdefTOKEN\n```\n");
        api.replyText("Done.");

        loop().run("what is my token?");

        assertThat(log.messages().get(1).message().content()).startsWith("The token is ***; run:");
        assertThat(events).noneMatch(e -> e.toString().contains(TOKEN));
        assertThat(Files.readString(log.folder().resolve("conversation.jsonl"))).doesNotContain(TOKEN);
        assertThat(api.requests().get(1).toString()).doesNotContain(TOKEN);
    }

    @Test
    void aKeyAToolPrintsNeverReachesTheModelTheLogOrTheScreen() throws Exception {
        Files.writeString(dir.resolve(".env"), "OPENAI_API_KEY=" + KEY + "\nGITHUB_TOKEN=" + TOKEN + "\n");
        api.replyText("```shell\nhead -c 25 .env; sleep 0; tail -c +26 .env\n```\n");
        api.replyText("Done.");

        loop().run("show .env");

        String sent = api.requests().get(1).toString();
        assertThat(sent).contains("OPENAI_API_KEY=[the API key]").contains("GITHUB_TOKEN=***")
                .doesNotContain(KEY).doesNotContain(TOKEN);
        assertThat(Files.readString(log.folder().resolve("conversation.jsonl"))).doesNotContain(KEY)
                .doesNotContain(TOKEN);
        ByteArrayOutputStream live = new ByteArrayOutputStream();
        events.stream().filter(AgentEvent.ToolOutput.class::isInstance)
                .forEach(e -> live.writeBytes(((AgentEvent.ToolOutput) e).bytes()));
        assertThat(live.toString()).contains("OPENAI_API_KEY=[the API key]").doesNotContain(KEY).doesNotContain(TOKEN);
        assertThat(events).filteredOn(AgentEvent.ToolFinished.class::isInstance)
                .noneMatch(e -> e.toString().contains(KEY) || e.toString().contains(TOKEN));
    }
}
