package dev.rosetta.agent.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.rosetta.agent.context.ContextSettings;
import dev.rosetta.core.RosettaException;
import dev.rosetta.tools.permission.CallSubject;
import dev.rosetta.tools.permission.Permission;
import dev.rosetta.tools.permission.PermissionRule;
import dev.rosetta.tools.permission.PermissionRules;

/** [context] and [permissions] in the config files, and rules remembered in the chat config. */
class ContextAndPermissionsConfigTest {

    @TempDir
    Path home;

    private final List<String> warnings = new ArrayList<>();

    private Path userFolder() throws IOException {
        return Files.createDirectories(home.resolve("xdg/rosetta"));
    }

    private Path workspace() throws IOException {
        return Files.createDirectories(home.resolve("work"));
    }

    private Configuration load(String user, String project, Path chat) throws IOException {
        Files.writeString(userFolder().resolve("config.toml"), user);
        Files.writeString(workspace().resolve("rosetta.toml"), project);
        Configuration config = Configuration.load(ConfigPaths.of(Map.of("XDG_CONFIG_HOME",
                home.resolve("xdg").toString(), "HOME", home.toString())), workspace(), chat);
        warnings.addAll(config.warnings());
        return config;
    }

    @Test
    void contextSettingsComeFromTheFirstFileThatSetsEach() throws IOException {
        Configuration config = load("""
                [context]
                compact_at = 0.9
                keep_recent = 6
                """, """
                [context]
                window = 32000
                """, null);
        assertThat(config.context()).isEqualTo(new ContextSettings(0.9, 0.9 * 5 / 8, 6, 32_000));
        assertThat(warnings).isEmpty();
    }

    @Test
    void withoutAnyFileTheDefaultsHold() throws IOException {
        assertThat(load("", "", null).context()).isEqualTo(ContextSettings.DEFAULT);
    }

    @Test
    void compactingToAboveWhereItStartsIsAnError() throws IOException {
        Configuration config = load("[context]\ncompact_at = 0.6\ncompact_to = 0.7\n", "", null);
        assertThatThrownBy(config::context).isInstanceOf(RosettaException.class)
                .hasMessageContaining("compact_to (0.7) must not be above compact_at (0.6)");
    }

    @Test
    void aBadContextValueIsAnErrorAtItsLine() throws IOException {
        assertThatThrownBy(() -> load("[context]\ncompact_at = 2\n", "", null)).isInstanceOf(RosettaException.class)
                .hasMessageContaining("config.toml:2:").hasMessageContaining("[context] 'compact_at' must be a number");
    }

    @Test
    void permissionRulesAreReadPerToolAndPatternAndAProjectCannotAllow() throws IOException {
        Configuration config = load("""
                [permissions]
                shell = { "git status*" = "allow", "rm -rf *" = "deny" }
                save = { "docs/**" = "allow" }
                """, """
                [permissions]
                shell = { "git push*" = "ask", "npm *" = "allow" }
                """, null);
        PermissionRules rules = config.permissions();
        assertThat(rules.user()).extracting(PermissionRule::tool, PermissionRule::pattern, PermissionRule::permission)
                .containsExactly(tuple("shell", "git status*", Permission.ALLOW), tuple("shell", "rm -rf *", Permission.DENY),
                        tuple("save", "docs/**", Permission.ALLOW));
        assertThat(rules.project()).extracting(PermissionRule::pattern).containsExactly("git push*");
        assertThat(warnings).singleElement().asString().contains("rosetta.toml")
                .contains("may only tighten yours").contains("shell \"npm *\"");
        assertThat(rules.decide("shell", new CallSubject(CallSubject.Kind.COMMAND, "npm install")).permission()).isNull();
    }

    /** Issue 25: a project's 100,000 "allow" rules, all ignored, were named in one line of megabytes. */
    @Test
    void aHundredThousandIgnoredProjectRulesAreNamedInOneShortLine() throws IOException {
        StringBuilder project = new StringBuilder("[permissions.shell]\n");
        for (int i = 0; i < 100_000; i++) {
            project.append("\"cmd").append(i).append(" *\" = \"allow\"\n");
        }
        load("", project.toString(), null);
        assertThat(warnings).singleElement().asString().contains("shell \"cmd0 *\", shell \"cmd1 *\"")
                .contains("and 99,990 more").hasSizeLessThan(800);
    }

    @Test
    void aPermissionThatIsNotAWordOfTheThreeIsAnError() throws IOException {
        assertThatThrownBy(() -> load("[permissions]\nshell = { \"ls\" = \"yes\" }\n", "", null))
                .isInstanceOf(RosettaException.class).hasMessageContaining("must be one of \"allow\", \"ask\", \"deny\"");
    }

    @Test
    void rulesRememberedInTheChatConfigCountAsTheUsersAndSurviveAResume() throws IOException {
        Path chat = home.resolve("chat.toml");
        ChatConfig.empty().withName("c").withRemembered(new PermissionRule("shell", "make test*", Permission.ALLOW, "x"))
                .withRemembered(new PermissionRule("save", "src/**", Permission.ALLOW, "x")).write(chat);
        assertThat(Files.readString(chat)).contains("[permissions]\nshell = { \"make test*\" = \"allow\" }\n"
                + "save = { \"src/**\" = \"allow\" }\n");

        PermissionRules rules = load("", "", chat).permissions();

        assertThat(rules.decide("shell", new CallSubject(CallSubject.Kind.COMMAND, "make test -j4")).allows()).isTrue();
        assertThat(ChatConfig.read(chat).orElseThrow().withModel("m").permissions()).hasSize(2);
    }
}
