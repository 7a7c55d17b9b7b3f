package dev.rosetta.tools;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.rosetta.core.testing.MachineRequirement;
import dev.rosetta.core.tool.ErrorCode;
import dev.rosetta.core.tool.ToolResult;
import dev.rosetta.core.tool.ToolUse;
import dev.rosetta.tools.files.FileTools;
import dev.rosetta.tools.output.OutputLimit;
import dev.rosetta.tools.permission.Permission;
import dev.rosetta.tools.permission.PermissionRule;
import dev.rosetta.tools.permission.PermissionRules;
import dev.rosetta.tools.sandbox.NetworkAccess;
import dev.rosetta.tools.sandbox.Sandbox;
import dev.rosetta.tools.sandbox.SandboxMode;
import dev.rosetta.tools.sandbox.SandboxPolicy;
import dev.rosetta.tools.sandbox.SandboxSettings;
import dev.rosetta.tools.sandbox.SandboxSupport;
import dev.rosetta.tools.sandbox.SecretVariables;
import dev.rosetta.tools.shell.ShellSettings;
import dev.rosetta.tools.shell.ShellTool;

/** {@code auto_approve_sandboxed}: what runs inside the sandbox is not asked about; what would leave it is. */
class SandboxApprovalTest {

    private static final SandboxSettings APPROVING = new SandboxSettings(SandboxMode.AUTO, NetworkAccess.OFF, List.of(),
            List.of(), true);

    private Path workspace;
    private Sandbox sandbox;
    private final List<ToolUse> asked = new ArrayList<>();
    private Toolbox toolbox;

    @BeforeEach
    void setUp() throws IOException {
        MachineRequirement.require(SandboxSupport.detect() instanceof SandboxSupport.Available,
                "bubblewrap cannot sandbox here; apt-get install bubblewrap");
        workspace = Files.createTempDirectory(Files.createDirectories(Path.of("target").toAbsolutePath()), "approval-");
    }

    @AfterEach
    void tearDown() {
        if (toolbox != null) {
            toolbox.close();
        }
    }

    private Toolbox toolbox(Sandbox chosen, PermissionRules rules) {
        sandbox = chosen;
        List<Tool> tools = new ArrayList<>(List.of(new ShellTool(ShellSettings.fromEnvironment(System.getenv()))));
        tools.addAll(FileTools.all());
        ToolContext context = new ToolContext(workspace, false, OutputLimit.DEFAULT, workspace.resolve(".out"))
                .withSandbox(sandbox);
        toolbox = new Toolbox(tools, context, (use, preview, remember) -> {
            asked.add(use);
            return new Decision.No("");
        }, rules, rule -> { });
        return toolbox;
    }

    private Sandbox sandbox(SandboxSettings settings) {
        return Sandbox.of(settings, SandboxPolicy.of(workspace), SecretVariables.DEFAULT);
    }

    private static ToolUse shell(String command) {
        return ToolUse.named("shell", Map.of("command", command), null);
    }

    @Test
    void aShellCallInsideTheSandboxIsNotAskedAbout() throws Exception {
        ToolResult result = toolbox(sandbox(APPROVING), PermissionRules.NONE).execute(shell("echo ran > made.txt; cat made.txt"));

        assertThat(asked).isEmpty();
        assertThat(result.output()).isEqualTo("ran");
    }

    @Test
    void withoutTheSettingItIsAsked() throws Exception {
        toolbox(sandbox(SandboxSettings.DEFAULT), PermissionRules.NONE).execute(shell("true"));

        assertThat(asked).hasSize(1);
    }

    @Test
    void withoutTheSandboxItIsAskedWhateverTheSetting() throws Exception {
        toolbox(sandbox(APPROVING.withMode(SandboxMode.OFF)), PermissionRules.NONE).execute(shell("true"));

        assertThat(asked).hasSize(1);
    }

    @Test
    void aRuleThatAsksStillAsksAndOneThatDeniesStillDenies() throws Exception {
        Toolbox box = toolbox(sandbox(APPROVING), new PermissionRules(List.of(
                new PermissionRule("shell", "git push*", Permission.ASK, "config.toml"),
                new PermissionRule("shell", "rm -rf *", Permission.DENY, "config.toml")), List.of()));

        box.execute(shell("git push origin main"));
        ToolResult denied = box.execute(shell("rm -rf src"));

        assertThat(asked).hasSize(1);
        assertThat(denied.code()).isEqualTo(ErrorCode.DENIED);
    }

    @Test
    void aFileToolActsFromRosettaItselfAndIsStillAskedAbout() throws Exception {
        toolbox(sandbox(APPROVING), PermissionRules.NONE).execute(ToolUse.positional("save", List.of("a.txt"), "x"));

        assertThat(asked).hasSize(1);
        assertThat(workspace.resolve("a.txt")).doesNotExist();
    }
}
