package dev.rosetta.tools;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.rosetta.core.tool.ErrorCode;
import dev.rosetta.core.tool.ToolResult;
import dev.rosetta.core.tool.ToolUse;
import dev.rosetta.tools.permission.Permission;
import dev.rosetta.tools.permission.PermissionRule;
import dev.rosetta.tools.permission.PermissionRules;
import dev.rosetta.tools.permission.RmRfSpellings;
import dev.rosetta.tools.shell.ShellSettings;
import dev.rosetta.tools.shell.ShellTool;

/**
 * A deny rule through the toolbox and a real bash, where nobody can be asked (as with {@code -n}):
 * no spelling of {@code rm -rf victim} runs, the folder survives, and the model is told why. Where
 * someone can be asked, a doubtful spelling is asked about, even after "yes to all".
 */
class ShellDenyRuleTest {

    @TempDir
    Path dir;

    private final ShellTool shell = new ShellTool(ShellSettings.fromEnvironment(Map.of("PATH", System.getenv("PATH")),
            Duration.ofSeconds(20)));

    private final List<Toolbox> opened = new ArrayList<>();

    @AfterEach
    void close() {
        shell.close();
        opened.forEach(Toolbox::close); // their sandboxes' folders, now rather than when the JVM exits
    }

    private Toolbox toolbox(Confirmation confirmation, PermissionRule... rules) {
        Toolbox toolbox = new Toolbox(List.of(shell), ToolContext.in(dir), confirmation,
                new PermissionRules(List.of(rules), List.of()), rule -> { });
        opened.add(toolbox);
        return toolbox;
    }

    private static ToolUse shell(String command) {
        return ToolUse.positional("shell", List.of(), command);
    }

    private static final PermissionRule DENY_RM = new PermissionRule("shell", "rm -rf *", Permission.DENY, "config.toml");

    @Test
    void noSpellingOfADeniedCommandRunsWhereNobodyIsAsked() throws Exception {
        Toolbox box = toolbox(Confirmation.ALWAYS, DENY_RM, new PermissionRule("shell", "**", Permission.ALLOW, ""));
        Path victim = dir.resolve("victim");
        for (String line : RmRfSpellings.ALL) {
            Files.createDirectories(victim.resolve("inside"));
            ToolResult r = box.execute(shell(line));
            assertThat(victim.resolve("inside")).as("%s\n→ %s", line, r.output()).isDirectory();
            assertThat(r.code()).as(line).isEqualTo(ErrorCode.DENIED);
            assertThat(r.output()).as(line).contains("shell \"rm -rf *\"");
        }
        Files.createDirectories(victim.resolve("inside"));
        toolbox(Confirmation.ALWAYS).execute(shell("rm -rf victim"));
        assertThat(victim).as("without the rule, the same shell deletes it").doesNotExist();
    }

    @Test
    void theModelIsToldWhyADoubtfulLineWasNotRun() throws Exception {
        ToolResult r = toolbox(Confirmation.ALWAYS, DENY_RM).execute(shell("rm --recursive --force victim"));
        assertThat(r.code()).isEqualTo(ErrorCode.DENIED);
        assertThat(r.output()).contains("not run").contains("rm --recursive --force victim").contains("-n")
                .contains("rm -rf *");
    }

    @Test
    void aDoubtfulLineIsAskedEvenAfterYesToAll() throws Exception {
        List<ToolUse> asked = new ArrayList<>();
        Confirmation user = (use, preview, remember) -> {
            asked.add(use);
            return new Decision.YesToAll();
        };
        Toolbox box = toolbox(user, DENY_RM);
        Files.createDirectories(dir.resolve("victim"));
        box.execute(shell("echo first"));
        box.execute(shell("echo second"));
        box.execute(shell("rm -R -f victim"));
        assertThat(asked).extracting(ToolUse::content).containsExactly("echo first", "rm -R -f victim");
    }

    @Test
    void thePromptBeforeAOneLineCommandIsCheckedAsItRuns() throws Exception {
        Files.createDirectories(dir.resolve("victim"));
        ToolResult denied = toolbox(Confirmation.ALWAYS, DENY_RM).execute(shell("$ rm -rf victim"));
        assertThat(denied.code()).isEqualTo(ErrorCode.DENIED);
        assertThat(dir.resolve("victim")).isDirectory();
        List<ToolUse> asked = new ArrayList<>();
        Toolbox allowing = toolbox((use, preview, remember) -> {
            asked.add(use);
            return Decision.yes();
        }, new PermissionRule("shell", "echo *", Permission.ALLOW, ""));
        assertThat(allowing.execute(shell("$ echo hi")).output()).isEqualTo("hi");
        assertThat(asked).isEmpty();
    }
}
