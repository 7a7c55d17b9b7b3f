package dev.rosetta.agent.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.time.Duration;

import org.junit.jupiter.api.Test;

import dev.rosetta.agent.config.ConfigLayer.Kind;
import dev.rosetta.agent.hooks.HookEntry;
import dev.rosetta.agent.hooks.HookEvent;

/** {@code [[hooks]]} in config files: each entry read, checked, and said wrong in one line at its place. */
class HookTableTest extends ConfigFileTest {

    @Test
    void everyFieldOfAHookIsRead() throws IOException {
        ConfigLayer layer = layer(Kind.USER, """
                [[hooks]]
                event = "PreToolUse"
                matcher = "Bash|save"
                command = "~/.config/rosetta/hooks/guard.sh"
                timeout = "30s"

                [[hooks]]
                event = "Stop"
                command = "${CLAUDE_PROJECT_DIR}/check.sh"
                args = ["--strict", "it's"]
                """);
        assertThat(layer.hooks()).hasSize(2);
        HookEntry guard = layer.hooks().get(0);
        assertThat(guard.event()).isEqualTo(HookEvent.PRE_TOOL_USE);
        assertThat(guard.matcher().written()).contains("Bash|save");
        assertThat(guard.args()).isNull();
        assertThat(guard.timeout()).isEqualTo(Duration.ofSeconds(30));
        assertThat(guard.fromProject()).isFalse();
        HookEntry stop = layer.hooks().get(1);
        assertThat(stop.args()).containsExactly("--strict", "it's");
        assertThat(stop.timeout()).isEqualTo(Duration.ofMinutes(10)); // Claude Code's default
        assertThat(warnings).isEmpty();
    }

    @Test
    void aPromptHookWaitsThirtySecondsByDefault() throws IOException {
        ConfigLayer layer = layer(Kind.USER, "[[hooks]]\nevent = \"UserPromptSubmit\"\ncommand = \"x\"\n");
        assertThat(layer.hooks().getFirst().timeout()).isEqualTo(Duration.ofSeconds(30));
    }

    @Test
    void aProjectsHooksSayTheyComeFromTheProject() throws IOException {
        ConfigLayer layer = layer(Kind.PROJECT, "[[hooks]]\nevent = \"PostToolUse\"\ncommand = \"./fmt.sh\"\n");
        assertThat(layer.hooks().getFirst().fromProject()).isTrue();
        assertThat(layer.hooks().getFirst().source()).isEqualTo(dir.resolve("rosetta.toml"));
    }

    @Test
    void anUnknownEventIsAnErrorListingTheEvents() throws IOException {
        assertThat(error("[[hooks]]\nevent = \"preToolUse\"\ncommand = \"x\"\n")).isEqualTo("FILE:2:1: [[hooks]] #1"
                + " 'event' must be one of SessionStart, UserPromptSubmit, PreToolUse, PostToolUse, Notification, Stop,"
                + " PreCompact, not \"preToolUse\"");
        assertThat(error("[[hooks]]\ncommand = \"x\"\n")).contains("'event' is missing");
    }

    @Test
    void aHookNeedsACommandAndATimeoutThatIsADuration() throws IOException {
        assertThat(error("[[hooks]]\nevent = \"Stop\"\n")).contains("[[hooks]] #1 'command' is missing");
        assertThat(error("[[hooks]]\nevent = \"Stop\"\ncommand = \"x\"\ntimeout = \"soon\"\n"))
                .contains("'timeout' is invalid");
        assertThat(error("[[hooks]]\nevent = \"Stop\"\ncommand = \"x\"\nargs = \"-v\"\n"))
                .contains("'args' must be a list of strings");
    }

    @Test
    void aMatcherThatIsNoRegularExpressionIsAnError() throws IOException {
        assertThat(error("[[hooks]]\nevent = \"PreToolUse\"\nmatcher = \"mcp__(\"\ncommand = \"x\"\n"))
                .contains("[[hooks]] #1 'matcher' is not a regular expression");
    }

    @Test
    void aMatcherOnAnEventItDoesNotFilterAndUnknownKeysAreWarnings() throws IOException {
        layer(Kind.USER, "[[hooks]]\nevent = \"Stop\"\nmatcher = \"Bash\"\ncommand = \"x\"\ntype = \"command\"\n");
        assertThat(warnings).hasSize(2);
        assertThat(warnings.get(0)).contains("a matcher means nothing for Stop hooks");
        assertThat(warnings.get(1)).contains("unknown setting [[hooks]] #1 'type' is ignored");
    }
}
