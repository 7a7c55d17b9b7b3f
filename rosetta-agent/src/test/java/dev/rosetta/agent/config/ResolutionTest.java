package dev.rosetta.agent.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

import dev.rosetta.agent.config.ConfigLayer.Kind;
import dev.rosetta.core.RosettaException;
import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.llm.Thinking;
import dev.rosetta.llm.model.ModelInfo;
import dev.rosetta.llm.model.ServedModel;
import dev.rosetta.llm.provider.ProviderDirectory;
import dev.rosetta.tools.shell.ShellSettings;

/** Every rule of the resolution orders, one at a time. */
class ResolutionTest {

    private static final ProviderDirectory DIRECTORY = new ProviderDirectory(List.of(), Map.of());
    private static final ModelInfo PREFERS_TOOL = new ModelInfo("openai", "gpt-x", null, null, null, null,
            ToolFormat.TOOL, null, null, null);
    private static final ModelInfo NO_PREFERENCE = ModelInfo.generic("openai", "gpt-y");

    /** Builds a configuration layer by layer, most specific first. */
    private static final class Setup {
        private ChatConfig chat;
        private final List<ConfigLayer> layers = new ArrayList<>();
        private Map<String, String> process = Map.of();

        Setup chat(ChatConfig config) {
            chat = config;
            layers.add(ConfigLayer.chat(Path.of("/logs/c/config.toml"), config));
            return this;
        }

        Setup layer(Kind kind, Map<String, String> env) {
            return layer(kind, env, null, null);
        }

        Setup layer(Kind kind, Map<String, String> env, String defaultModel, Duration shellTimeout) {
            layers.add(new ConfigLayer(kind, file(kind), env, defaultModel, null, null, null, shellTimeout, List.of()));
            return this;
        }

        Setup process(Map<String, String> env) {
            process = env;
            return this;
        }

        Resolution resolution() {
            return new Resolution(process, new Configuration(chat, layers, List.of()));
        }
    }

    private static Path file(Kind kind) {
        return Path.of(switch (kind) {
            case CHAT -> "/logs/c/config.toml";
            case PROJECT -> "/work/rosetta.toml";
            case USER_LOCAL -> "/home/u/.config/rosetta/config.local.toml";
            case USER -> "/home/u/.config/rosetta/config.toml";
        });
    }

    @Nested
    class ToolFormatOrder {

        private final Setup everything = new Setup()
                .chat(ChatConfig.empty().withToolFormat(ToolFormat.XML).withEnv(Map.of("TOOL_FORMAT", "markdown")))
                .layer(Kind.PROJECT, Map.of("TOOL_FORMAT", "markdown"))
                .layer(Kind.USER, Map.of("TOOL_FORMAT", "markdown"))
                .process(Map.of("TOOL_FORMAT", "markdown"));

        @Test
        void theFlagComesFirst() {
            assertThat(everything.resolution().toolFormat("tool", PREFERS_TOOL))
                    .isEqualTo(new Resolved<>(ToolFormat.TOOL, "--tool-format"));
        }

        @Test
        void anUnknownFlagValueIsAnErrorListingTheFormats() {
            assertThatThrownBy(() -> new Setup().resolution().toolFormat("yaml", null)).isInstanceOf(RosettaException.class)
                    .hasMessageStartingWith("--tool-format: unknown tool format 'yaml'; use one of markdown, xml, tool, ");
        }

        @Test
        void theResumedConversationsFormatIsSticky() {
            assertThat(everything.resolution().toolFormat(null, PREFERS_TOOL))
                    .isEqualTo(new Resolved<>(ToolFormat.XML, "the conversation's config.toml"));
        }

        @Test
        void rosettaToolFormatInTheProcessEnvironmentComesBeforeToolFormat() {
            Resolution r = new Setup().process(Map.of("ROSETTA_TOOL_FORMAT", "xml", "TOOL_FORMAT", "tool")).resolution();
            assertThat(r.toolFormat(null, PREFERS_TOOL))
                    .isEqualTo(new Resolved<>(ToolFormat.XML, "ROSETTA_TOOL_FORMAT in the environment"));
        }

        @Test
        void theProcessEnvironmentComesBeforeEveryEnvTable() {
            Resolution r = new Setup().chat(ChatConfig.empty().withEnv(Map.of("TOOL_FORMAT", "tool")))
                    .process(Map.of("TOOL_FORMAT", "xml")).resolution();
            assertThat(r.toolFormat(null, null).value()).isEqualTo(ToolFormat.XML);
        }

        @Test
        void theChatTableComesBeforeTheProjectTableWhichComesBeforeTheUserTables() {
            Setup setup = new Setup().chat(ChatConfig.empty().withEnv(Map.of("TOOL_FORMAT", "tool")))
                    .layer(Kind.PROJECT, Map.of("TOOL_FORMAT", "xml"))
                    .layer(Kind.USER_LOCAL, Map.of("TOOL_FORMAT", "markdown"))
                    .layer(Kind.USER, Map.of("ROSETTA_TOOL_FORMAT", "xml"));
            assertThat(setup.resolution().toolFormat(null, null))
                    .isEqualTo(new Resolved<>(ToolFormat.TOOL, "TOOL_FORMAT in /logs/c/config.toml [env]"));
            Setup noChat = new Setup().layer(Kind.PROJECT, Map.of("TOOL_FORMAT", "xml"))
                    .layer(Kind.USER, Map.of("TOOL_FORMAT", "tool"));
            assertThat(noChat.resolution().toolFormat(null, null))
                    .isEqualTo(new Resolved<>(ToolFormat.XML, "TOOL_FORMAT in /work/rosetta.toml [env]"));
            Setup userOnly = new Setup().layer(Kind.USER_LOCAL, Map.of()).layer(Kind.USER, Map.of("TOOL_FORMAT", "tool"));
            assertThat(userOnly.resolution().toolFormat(null, PREFERS_TOOL)).isEqualTo(new Resolved<>(ToolFormat.TOOL,
                    "TOOL_FORMAT in /home/u/.config/rosetta/config.toml [env]"));
        }

        @Test
        void anEnvTableComesBeforeTheModelsDefault() {
            Resolution r = new Setup().layer(Kind.USER, Map.of("TOOL_FORMAT", "xml")).resolution();
            assertThat(r.toolFormat(null, PREFERS_TOOL).value()).isEqualTo(ToolFormat.XML);
        }

        @Test
        void theModelsDefaultToolFormatComesBeforeMarkdown() {
            assertThat(new Setup().resolution().toolFormat(null, PREFERS_TOOL))
                    .isEqualTo(new Resolved<>(ToolFormat.TOOL, "openai/gpt-x's default_tool_format"));
        }

        @Test
        void markdownIsTheLastResort() {
            assertThat(new Setup().resolution().toolFormat(null, NO_PREFERENCE))
                    .isEqualTo(new Resolved<>(ToolFormat.MARKDOWN, "the default"));
            assertThat(new Setup().resolution().toolFormat(null, null).value()).isEqualTo(ToolFormat.MARKDOWN);
        }

        @Test
        void blankValuesCountAsUnset() {
            Resolution r = new Setup().layer(Kind.USER, Map.of("TOOL_FORMAT", "  ")).process(Map.of("ROSETTA_TOOL_FORMAT", ""))
                    .resolution();
            assertThat(r.toolFormat(" ", NO_PREFERENCE).value()).isEqualTo(ToolFormat.MARKDOWN);
        }

        @Test
        void anUnknownValueInATableIsAnErrorNamingWhereItIs() {
            Resolution r = new Setup().layer(Kind.PROJECT, Map.of("TOOL_FORMAT", "json")).resolution();
            assertThatThrownBy(() -> r.toolFormat(null, null)).hasMessageStartingWith("TOOL_FORMAT in /work/rosetta.toml [env]:"
                    + " unknown tool format 'json'; use one of markdown, xml, tool, ");
        }

        @Test
        void anUnknownValueWithControlCharactersIsNamedWithThemEscaped() {
            Resolution r = new Setup().layer(Kind.PROJECT, Map.of("TOOL_FORMAT", "\u001b]0;owned\u0007")).resolution();
            assertThatThrownBy(() -> r.toolFormat(null, null)).hasMessageStartingWith("TOOL_FORMAT in /work/rosetta.toml [env]:"
                    + " unknown tool format \"\\u001B]0;owned\\u0007\"; use one of markdown, xml, tool, ");
        }

        @Test
        void valuesAreReadWithoutRegardToCase() {
            assertThat(new Setup().process(Map.of("TOOL_FORMAT", " XML ")).resolution().toolFormat(null, null).value())
                    .isEqualTo(ToolFormat.XML);
        }

        @Test
        void nativeIsTheModelsOwnDialectAndHermesWhereItIsNotKnown() {
            ModelInfo llama = ModelInfo.generic("ollama", "llama3.2").withNativeDialect("llama3");
            assertThat(new Setup().resolution().toolFormat("native", llama))
                    .isEqualTo(new Resolved<>(ToolFormat.of("llama3"), "--tool-format"));
            assertThat(new Setup().process(Map.of("TOOL_FORMAT", "Native")).resolution().toolFormat(null, NO_PREFERENCE)
                    .value()).isEqualTo(ToolFormat.of("hermes"));
        }

        @Test
        void theErrorForAnUnknownFormatOffersNativeAndAuto() {
            assertThatThrownBy(() -> new Setup().resolution().toolFormat("yaml", null))
                    .hasMessageEndingWith(", native (the model's own dialect), or auto (its best in eval results)");
        }

        @Test
        void aLocalModelWhoseServerTakesNoToolsComesWithItsNativeDialectElseWithTool() {
            ModelInfo coder = ModelInfo.generic("ollama", "qwen3-coder:30b").withNativeDialect("qwen3-coder");
            Resolution r = new Setup().resolution();

            assertThat(r.toolFormat(null, coder, new ServedModel(true, 262144, false, null, null))).isEqualTo(
                    new Resolved<>(ToolFormat.of("qwen3-coder"), "ollama/qwen3-coder:30b's native dialect (its server"
                            + " takes no native tools for it)"));
            assertThat(r.toolFormat(null, coder, new ServedModel(true, 262144, true, null, null)).value())
                    .isEqualTo(ToolFormat.TOOL);
            assertThat(r.toolFormat(null, coder, ServedModel.UNREPORTED).value()).as("a server that says nothing")
                    .isEqualTo(ToolFormat.TOOL);
            assertThat(r.toolFormat(null, NO_PREFERENCE, ServedModel.HOSTED).value()).isEqualTo(ToolFormat.MARKDOWN);
            assertThat(r.toolFormat(null, PREFERS_TOOL, new ServedModel(true, null, false, null, null)).value())
                    .as("a recorded default wins").isEqualTo(ToolFormat.TOOL);
        }
    }

    @Nested
    class ThinkingOrder {

        @Test
        void theFlagComesFirstThenTheFirstFileThatSetsIt() {
            Setup files = new Setup();
            files.layers.add(new ConfigLayer(Kind.PROJECT, file(Kind.PROJECT), Map.of(), null, null, null, null, null,
                    List.of(), null, Thinking.LOW));
            files.layers.add(new ConfigLayer(Kind.USER, file(Kind.USER), Map.of(), null, null, null, null, null,
                    List.of(), 32768, Thinking.HIGH));
            Resolution r = files.resolution();

            assertThat(r.thinking(Thinking.budget(4096))).contains(new Resolved<>(Thinking.budget(4096), "--thinking"));
            assertThat(r.thinking(null)).contains(new Resolved<>(Thinking.LOW, "[models] thinking in /work/rosetta.toml"));
            assertThat(r.localContext()).isEqualTo(32768);
            assertThat(new Setup().resolution().thinking(null)).as("the model's own default").isEmpty();
        }
    }

    @Nested
    class ModelOrder {

        @Test
        void theFlagComesFirst() {
            Resolution r = new Setup().chat(ChatConfig.empty().withModel("a/b")).process(Map.of("MODEL", "c/d")).resolution();
            assertThat(r.model("openai/gpt-4.1", DIRECTORY)).isEqualTo(new Resolved<>("openai/gpt-4.1", "--model"));
        }

        @Test
        void theResumedConversationsModelComesNext() {
            Resolution r = new Setup().chat(ChatConfig.empty().withModel("a/b")).process(Map.of("MODEL", "c/d")).resolution();
            assertThat(r.model(null, DIRECTORY)).isEqualTo(new Resolved<>("a/b", "the conversation's config.toml"));
        }

        @Test
        void theProcessEnvironmentComesBeforeEveryFile() {
            Resolution r = new Setup().layer(Kind.PROJECT, Map.of(), "p/m", null)
                    .process(Map.of("MODEL", "c/d", "ROSETTA_MODEL", "e/f")).resolution();
            assertThat(r.model(null, DIRECTORY)).isEqualTo(new Resolved<>("e/f", "ROSETTA_MODEL in the environment"));
        }

        @Test
        void aMoreSpecificFileWinsAndWithinAFileModelsDefaultComesBeforeEnvModel() {
            Setup setup = new Setup().layer(Kind.PROJECT, Map.of("MODEL", "project/env"), "project/default", null)
                    .layer(Kind.USER, Map.of("MODEL", "user/env"), "user/default", null);
            assertThat(setup.resolution().model(null, DIRECTORY))
                    .isEqualTo(new Resolved<>("project/default", "[models] default in /work/rosetta.toml"));
            Setup envInProject = new Setup().layer(Kind.PROJECT, Map.of("MODEL", "project/env"))
                    .layer(Kind.USER, Map.of(), "user/default", null);
            assertThat(envInProject.resolution().model(null, DIRECTORY))
                    .isEqualTo(new Resolved<>("project/env", "MODEL in /work/rosetta.toml [env]"));
        }

        @Test
        void theFirstProviderWithAKeyComesLastInTheDocumentedOrder() {
            Resolution r = new Setup().process(Map.of("DEEPSEEK_API_KEY", "k1", "OPENAI_API_KEY", "k2")).resolution();
            assertThat(r.model(null, DIRECTORY)).isEqualTo(new Resolved<>("openai/gpt-5",
                    "the first provider with an API key (OPENAI_API_KEY is set)"));
            Resolution anthropic = new Setup().process(Map.of("ANTHROPIC_API_KEY", "k", "OPENAI_API_KEY", "k"))
                    .resolution();
            assertThat(anthropic.model(null, DIRECTORY).value()).isEqualTo("anthropic/claude-sonnet-4-6");
        }

        @Test
        void aKeyInConfigLocalCountsAsWellAsOneInTheEnvironment() {
            Resolution r = new Setup().layer(Kind.USER_LOCAL, Map.of("OPENROUTER_API_KEY", "k")).resolution();
            assertThat(r.model(null, DIRECTORY).value()).isEqualTo("openrouter/anthropic/claude-sonnet-4.5");
        }

        @Test
        void withNoModelAndNoKeyTheErrorSaysHowToSetOne() {
            Resolution r = new Setup().process(Map.of("ANTHROPIC_API_KEY", " ")).resolution();
            assertThatThrownBy(() -> r.model(null, DIRECTORY)).isInstanceOf(RosettaException.class)
                    .hasMessage("no model chosen and no API key found: set ANTHROPIC_API_KEY, OPENAI_API_KEY,"
                            + " OPENROUTER_API_KEY or another provider's key (in the environment, or in the [env] table of"
                            + " ~/.config/rosetta/config.local.toml), or choose a model with --model provider/model");
        }

        @Test
        void theErrorNeverShowsAKey() {
            Resolution r = new Setup().process(Map.of("SOME_API_KEY", "sk-secret")).resolution();
            assertThatThrownBy(() -> r.model(null, DIRECTORY)).satisfies(e ->
                    assertThat(e.getMessage()).doesNotContain("sk-secret"));
        }
    }

    @Nested
    class Environment {

        @Test
        void theProcessEnvironmentWinsOverEveryFile() {
            Resolution r = new Setup().layer(Kind.USER_LOCAL, Map.of("OPENAI_API_KEY", "from-file", "ONLY_FILE", "f"))
                    .process(Map.of("OPENAI_API_KEY", "from-env")).resolution();
            assertThat(r.environment()).containsEntry("OPENAI_API_KEY", "from-env").containsEntry("ONLY_FILE", "f");
        }

        @Test
        void chatThenProjectThenUserLocalThenUser() {
            Resolution r = new Setup().chat(ChatConfig.empty().withEnv(Map.of("A", "chat")))
                    .layer(Kind.PROJECT, Map.of("A", "project", "B", "project"))
                    .layer(Kind.USER_LOCAL, Map.of("A", "local", "B", "local", "C", "local"))
                    .layer(Kind.USER, Map.of("A", "user", "B", "user", "C", "user", "D", "user")).resolution();
            assertThat(r.environment()).containsEntry("A", "chat").containsEntry("B", "project")
                    .containsEntry("C", "local").containsEntry("D", "user");
        }
    }

    @Nested
    class ShellTimeout {

        @Test
        void theProcessEnvironmentComesFirst() {
            Resolution r = new Setup().layer(Kind.USER, Map.of(), null, Duration.ofSeconds(60))
                    .process(Map.of("ROSETTA_SHELL_TIMEOUT", "2.5")).resolution();
            assertThat(r.shellTimeout()).isEqualTo(new Resolved<>(Duration.ofMillis(2500),
                    "ROSETTA_SHELL_TIMEOUT in the environment"));
        }

        @Test
        void thenTheToolsTableThenAnEnvTableThenTheDefault() {
            Resolution tools = new Setup().layer(Kind.PROJECT, Map.of("ROSETTA_SHELL_TIMEOUT", "5"))
                    .layer(Kind.USER, Map.of(), null, Duration.ofSeconds(60)).resolution();
            assertThat(tools.shellTimeout()).isEqualTo(new Resolved<>(Duration.ofSeconds(60),
                    "[tools] shell_timeout in /home/u/.config/rosetta/config.toml"));
            Resolution table = new Setup().layer(Kind.PROJECT, Map.of("ROSETTA_SHELL_TIMEOUT", "5")).resolution();
            assertThat(table.shellTimeout().value()).isEqualTo(Duration.ofSeconds(5));
            assertThat(new Setup().resolution().shellTimeout().value()).isEqualTo(ShellSettings.DEFAULT_TIMEOUT);
        }

        @Test
        void anyOfThemMayBeADurationWithUnits() {
            Resolution r = new Setup().process(Map.of("ROSETTA_SHELL_TIMEOUT", "1h30m")).resolution();
            assertThat(r.shellTimeout().value()).isEqualTo(Duration.ofMinutes(90));
            Resolution table = new Setup().layer(Kind.PROJECT, Map.of("ROSETTA_SHELL_TIMEOUT", "500ms")).resolution();
            assertThat(table.shellTimeout().value()).isEqualTo(Duration.ofMillis(500));
        }

        @Test
        void aValueThatIsNotADurationIsAnErrorNamingWhereItWasSet() {
            Resolution process = new Setup().process(Map.of("ROSETTA_SHELL_TIMEOUT", "soon")).resolution();
            assertThatThrownBy(process::shellTimeout).isInstanceOf(RosettaException.class)
                    .hasMessage("ROSETTA_SHELL_TIMEOUT in the environment: 'soon' is not a duration; write seconds"
                            + " (90, 1.5) or a number with a unit: 500ms, 90s, 20m, 1h30m");
            Resolution table = new Setup().layer(Kind.PROJECT, Map.of("ROSETTA_SHELL_TIMEOUT", "-3")).resolution();
            assertThatThrownBy(table::shellTimeout).isInstanceOf(RosettaException.class)
                    .hasMessageStartingWith("ROSETTA_SHELL_TIMEOUT in ").hasMessageContaining("[env]: '-3' is not a duration");
        }
    }

    @Nested
    class ReplyTimeout {

        @Test
        void theProcessEnvironmentThenAnEnvTableThenHalfAnHour() {
            Resolution process = new Setup().layer(Kind.USER, Map.of("ROSETTA_REPLY_TIMEOUT", "60"))
                    .process(Map.of("ROSETTA_REPLY_TIMEOUT", "2.5")).resolution();
            assertThat(process.replyTimeout()).isEqualTo(new Resolved<>(Duration.ofMillis(2500),
                    "ROSETTA_REPLY_TIMEOUT in the environment"));
            Resolution table = new Setup().layer(Kind.USER, Map.of("ROSETTA_REPLY_TIMEOUT", "60")).resolution();
            assertThat(table.replyTimeout().value()).isEqualTo(Duration.ofSeconds(60));
            assertThat(new Setup().resolution().replyTimeout().value()).isEqualTo(Duration.ofMinutes(30));
        }

        @Test
        void aValueThatIsNotADurationIsAnErrorNamingWhereItWasSet() {
            Resolution r = new Setup().process(Map.of("ROSETTA_REPLY_TIMEOUT", "0")).resolution();
            assertThatThrownBy(r::replyTimeout).isInstanceOf(RosettaException.class)
                    .hasMessageStartingWith("ROSETTA_REPLY_TIMEOUT in the environment");
            Resolution units = new Setup().process(Map.of("ROSETTA_REPLY_TIMEOUT", "45m")).resolution();
            assertThat(units.replyTimeout().value()).isEqualTo(Duration.ofMinutes(45));
        }
    }

    @Nested
    class Workspace {

        @Test
        void theFlagIsResolvedAgainstTheCurrentFolder() {
            assertThat(Resolution.workspace("sub/../proj", ChatConfig.empty().withWorkspace(Path.of("/old")), Path.of("/cwd")))
                    .isEqualTo(new Resolved<>(Path.of("/cwd/proj"), "--workspace"));
        }

        @Test
        void thenTheResumedConversationsThenTheCurrentFolder() {
            assertThat(Resolution.workspace(null, ChatConfig.empty().withWorkspace(Path.of("/old")), Path.of("/cwd")).value())
                    .isEqualTo(Path.of("/old"));
            assertThat(Resolution.workspace(null, null, Path.of("/cwd")).value()).isEqualTo(Path.of("/cwd"));
        }
    }
}
