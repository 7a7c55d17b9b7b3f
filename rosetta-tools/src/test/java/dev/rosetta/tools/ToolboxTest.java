package dev.rosetta.tools;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.rosetta.core.tool.Arguments;
import dev.rosetta.core.tool.BuiltinTools;
import dev.rosetta.core.tool.ErrorCode;
import dev.rosetta.core.tool.ToolResult;
import dev.rosetta.core.tool.ToolSpec;
import dev.rosetta.core.tool.ToolUse;
import dev.rosetta.tools.files.FileTools;
import dev.rosetta.tools.permission.Permission;
import dev.rosetta.tools.permission.PermissionRule;
import dev.rosetta.tools.permission.PermissionRules;

/** The one way a call runs: bind, preview, confirm, run — with real file tools in a temp folder. */
class ToolboxTest {

    @TempDir
    Path dir;

    private final List<Preview> previews = new ArrayList<>();

    private Toolbox toolbox(Confirmation confirmation) {
        return new Toolbox(FileTools.all(), ToolContext.in(dir), confirmation);
    }

    private Confirmation answering(Decision... answers) {
        var queue = new ArrayList<>(List.of(answers));
        return (use, preview, remember) -> {
            previews.add(preview);
            return queue.remove(0);
        };
    }

    private static ToolUse save(String path, String content) {
        return ToolUse.positional("save", List.of(path), content);
    }

    @Test
    void confirmedCallRunsAndTheUserSawTheDiff() throws Exception {
        ToolResult r = toolbox(answering(Decision.yes())).execute(save("a.txt", "hello"));
        assertThat(r.isError()).isFalse();
        assertThat(Files.readString(dir.resolve("a.txt"))).isEqualTo("hello\n");
        assertThat(previews).singleElement().isInstanceOfSatisfying(Preview.FileChange.class,
                p -> assertThat(p.diff()).contains("+hello").contains("+++ b/a.txt"));
    }

    @Test
    void declinedCallIsCanceledAndWritesNothing() throws Exception {
        ToolResult r = toolbox(answering(new Decision.No("not now"))).execute(save("a.txt", "hello"));
        assertThat(r.code()).isEqualTo(ErrorCode.CANCELED);
        assertThat(r.output()).isEqualTo("[ERROR:Canceled] the user declined to run this call: not now");
        assertThat(dir.resolve("a.txt")).doesNotExist();
    }

    @Test
    void yesToAllStopsAskingForTheRestOfTheConversation() throws Exception {
        Toolbox box = toolbox(answering(new Decision.YesToAll()));
        box.execute(save("a.txt", "1"));
        box.execute(save("b.txt", "2"));
        assertThat(previews).hasSize(1);
        assertThat(dir.resolve("b.txt")).hasContent("2");
    }

    @Test
    void aCallARuleDeniesIsAnsweredSoAndNobodyIsAsked() throws Exception {
        Toolbox box = new Toolbox(FileTools.all(), ToolContext.in(dir), answering(), new PermissionRules(
                List.of(new PermissionRule("save", "secrets/**", Permission.DENY, "/home/me/config.toml")), List.of()),
                rule -> { });
        ToolResult r = box.execute(save("secrets/key.txt", "x"));
        assertThat(r.code()).isEqualTo(ErrorCode.DENIED);
        assertThat(r.output()).contains("denied by rule save \"secrets/**\" = \"deny\" (/home/me/config.toml)");
        assertThat(dir.resolve("secrets/key.txt")).doesNotExist();
        assertThat(previews).isEmpty();
    }

    @Test
    void aCallARuleAllowsRunsWithoutAskingAndAnAskRuleAsksEvenAfterYesToAll() throws Exception {
        Toolbox box = new Toolbox(FileTools.all(), ToolContext.in(dir), answering(new Decision.YesToAll(),
                Decision.yes()), new PermissionRules(List.of(new PermissionRule("save", "docs/**", Permission.ALLOW, ""),
                        new PermissionRule("save", "release/**", Permission.ASK, "")), List.of()), rule -> { });
        box.execute(save("docs/a.md", "a"));
        assertThat(previews).isEmpty();
        box.execute(save("b.txt", "b"));
        box.execute(save("c.txt", "c"));
        assertThat(previews).hasSize(1);
        box.execute(save("release/notes.md", "n"));
        assertThat(previews).hasSize(2);
    }

    @Test
    void aPathRuleAllowsNothingASymbolicLinkLeadsOutOfTheWorkspace() throws Exception {
        Path workspace = Files.createDirectories(dir.resolve("repo"));
        Path outside = Files.createDirectories(dir.resolve("outside"));
        Files.createDirectories(workspace.resolve("docs"));
        Files.createSymbolicLink(workspace.resolve("docs/assets"), Path.of("../../outside"));
        Toolbox box = new Toolbox(FileTools.all(), ToolContext.in(workspace), answering(new Decision.No(""),
                new Decision.No("")), new PermissionRules(List.of(new PermissionRule("save", "docs/**", Permission.ALLOW,
                        ""), new PermissionRule("append", "docs/**", Permission.ALLOW, "")), List.of()), rule -> { });
        box.execute(save("docs/guide.md", "inside"));
        assertThat(previews).as("inside the workspace: allowed").isEmpty();
        assertThat(box.execute(save("docs/assets/a.txt", "x")).code()).isEqualTo(ErrorCode.CANCELED);
        assertThat(box.execute(ToolUse.positional("append", List.of("docs/assets/b.txt"), "x")).code())
                .isEqualTo(ErrorCode.CANCELED);
        assertThat(previews).as("through the link: asked").hasSize(2);
        assertThat(outside).isEmptyDirectory();
        assertThat(workspace.resolve("docs/guide.md")).hasContent("inside");
    }

    @Test
    void aDenyRuleMatchesThePathAsWrittenAndWhereItLeads() throws Exception {
        Files.createDirectories(dir.resolve("secrets"));
        Files.createDirectories(dir.resolve("docs"));
        Files.createSymbolicLink(dir.resolve("docs/keys"), Path.of("../secrets"));
        Files.createSymbolicLink(dir.resolve("loop"), Path.of("loop"));
        Toolbox box = new Toolbox(FileTools.all(), ToolContext.in(dir), answering(new Decision.No("")),
                new PermissionRules(List.of(new PermissionRule("save", "secrets/**", Permission.DENY, ""),
                        new PermissionRule("save", "docs/keys/**", Permission.DENY, ""),
                        new PermissionRule("save", "**", Permission.ALLOW, "")), List.of()), rule -> { });
        assertThat(box.execute(save("docs/keys/id.txt", "x")).code()).isEqualTo(ErrorCode.DENIED);
        Files.delete(dir.resolve("docs/keys"));
        Files.createSymbolicLink(dir.resolve("docs/keys"), Path.of("../elsewhere"));
        assertThat(box.execute(save("docs/keys/id.txt", "x")).code()).as("as written").isEqualTo(ErrorCode.DENIED);
        assertThat(dir.resolve("secrets")).isEmptyDirectory();
    }

    @Test
    void aRememberedRuleIsSavedAndNotAskedAgain() throws Exception {
        List<PermissionRule> saved = new ArrayList<>();
        List<List<PermissionRule>> offered = new ArrayList<>();
        Confirmation remembering = new Confirmation() {
            @Override
            public Decision confirm(ToolUse use, Preview preview) {
                throw new AssertionError("asked without the rules to offer");
            }

            @Override
            public Decision confirm(ToolUse use, Preview preview, List<PermissionRule> remember) {
                offered.add(remember);
                return new Decision.Remember(remember.getFirst());
            }
        };
        Toolbox box = new Toolbox(FileTools.all(), ToolContext.in(dir), remembering, new PermissionRules(List.of(),
                List.of()), saved::add);
        box.execute(save("docs/a.md", "a"));
        box.execute(save("./docs/b.md", "b"));
        assertThat(offered).hasSize(1);
        assertThat(saved).extracting(PermissionRule::pattern).containsExactly("docs/**");
        assertThat(dir.resolve("docs/b.md")).hasContent("b");
    }

    @Test
    void fileToolsSayWhichFileTheyAreAboutToWrite() throws Exception {
        List<String> told = new ArrayList<>();
        ToolContext context = ToolContext.in(dir).withWrites(file -> told.add(file + " " + Files.exists(file)));
        Toolbox box = new Toolbox(FileTools.all(), context, Confirmation.ALWAYS);
        box.execute(save("a.txt", "one"));
        box.execute(ToolUse.positional("append", List.of("a.txt"), "two"));
        box.execute(ToolUse.positional("patch", List.of("a.txt"), "<<<<<<< ORIGINAL\none\n=======\nuno\n>>>>>>> UPDATED\n"));
        box.execute(ToolUse.positional("read", List.of("a.txt"), null));
        Path a = dir.resolve("a.txt").toAbsolutePath();
        assertThat(told).containsExactly(a + " false", a + " true", a + " true");
        assertThat(dir.resolve("a.txt")).hasContent("uno\ntwo");
    }

    @Test
    void editedArgumentsRunInsteadOfTheModels() throws Exception {
        Arguments edited = BuiltinTools.SAVE.bind(save("a.txt", "edited by the user"));
        toolbox(answering(new Decision.Edit(edited))).execute(save("a.txt", "from the model"));
        assertThat(dir.resolve("a.txt")).hasContent("edited by the user");
    }

    @Test
    void alwaysRunsWithoutBuildingAPreview() throws Exception {
        Tool counting = new CountingTool();
        new Toolbox(List.of(counting), ToolContext.in(dir), Confirmation.ALWAYS)
                .execute(ToolUse.positional("count", List.of(), "x"));
        assertThat(((CountingTool) counting).previews).isZero();
        assertThat(((CountingTool) counting).runs).isEqualTo(1);
    }

    @Test
    void unknownToolIsInvalidArgsNamingTheTools() throws Exception {
        ToolResult r = toolbox(Confirmation.ALWAYS).execute(ToolUse.positional("deploy", List.of(), "x"));
        assertThat(r.code()).isEqualTo(ErrorCode.INVALID_ARGS);
        assertThat(r.output()).contains("no tool named 'deploy'").contains("save");
    }

    @Test
    void callThatDoesNotBindIsInvalidArgsAndNeverAsksTheUser() throws Exception {
        ToolResult r = toolbox(answering()).execute(ToolUse.positional("save", List.of(), "content"));
        assertThat(r.code()).isEqualTo(ErrorCode.INVALID_ARGS);
        assertThat(r.output()).contains("'path'");
        assertThat(previews).isEmpty();
    }

    @Test
    void unavailableToolIsReadButNotOfferedAndAnswersUnavailableWithTheReason() throws Exception {
        Tool missing = new CountingTool() {
            @Override
            public Optional<String> unavailable() {
                return Optional.of("python3 not found on PATH");
            }
        };
        Toolbox box = new Toolbox(List.of(missing), ToolContext.in(dir), Confirmation.ALWAYS);
        assertThat(box.offered().names()).isEmpty();
        assertThat(box.catalog().names()).as("the readers still know it").containsExactly("count");
        assertThat(box.unavailable()).isEqualTo(Map.of("count", "python3 not found on PATH"));
        ToolResult r = box.execute(ToolUse.positional("count", List.of(), "x"));
        assertThat(r.code()).isEqualTo(ErrorCode.UNAVAILABLE);
        assertThat(r.output()).contains("python3 not found on PATH");
    }

    /** Issue 25: 10,000 MCP tools were all declared, some 700,000 tokens in every request. */
    @Test
    void aRequestOffersAtMostTheLimitOfToolsTheFirstToCome() throws Exception {
        List<Tool> many = new ArrayList<>(FileTools.all());
        for (int i = 0; i < 10_000; i++) {
            String name = "srv.t" + i;
            many.add(new CountingTool() {
                @Override
                public ToolSpec spec() {
                    return ToolSpec.named(name);
                }
            });
        }
        Toolbox box = new Toolbox(FileTools.all(), ToolContext.in(dir), Confirmation.ALWAYS);
        box.offerAtMost(128);
        box.add(many.subList(FileTools.all().size(), many.size()));

        assertThat(box.offered().names()).hasSize(128).startsWith(FileTools.all().get(0).spec().name())
                .endsWith("srv.t" + (127 - FileTools.all().size()));
        assertThat(box.notOffered(List.of("srv.t0", "srv.t500", "srv.t9999"))).containsExactly("srv.t500", "srv.t9999");
        assertThat(box.execute(ToolUse.positional("srv.t9999", List.of(), "x")).output())
                .as("a tool not offered can still be called").isEqualTo("counted");
    }

    @Test
    void confinedWorkspaceRefusesBeforeAnyoneIsAsked() throws Exception {
        Toolbox box = new Toolbox(FileTools.all(), ToolContext.in(dir).confined(true), answering());
        ToolResult r = box.execute(save("../outside.txt", "x"));
        assertThat(r.code()).isEqualTo(ErrorCode.EACCES);
        assertThat(previews).isEmpty();
        assertThat(dir.resolveSibling("outside.txt")).doesNotExist();
    }

    @Test
    void builtinToolsetHasEveryBuiltinDeclarationInPromptOrder() {
        List<Tool> tools = BuiltinToolset.create();
        try {
            assertThat(tools).extracting(t -> t.spec().name())
                    .containsExactlyElementsOf(BuiltinTools.ALL.stream().map(ToolSpec::name).toList());
        } finally {
            tools.forEach(Tool::close);
        }
    }

    /** A tool that counts what the toolbox asks of it. */
    private static class CountingTool implements Tool {
        int previews;
        int runs;

        @Override
        public ToolSpec spec() {
            return ToolSpec.named("count");
        }

        @Override
        public Preview preview(Arguments args, ToolContext context) {
            previews++;
            return new Preview.Note("count");
        }

        @Override
        public ToolResult run(Arguments args, ToolContext context) {
            runs++;
            return ToolResult.ok("counted");
        }
    }
}
