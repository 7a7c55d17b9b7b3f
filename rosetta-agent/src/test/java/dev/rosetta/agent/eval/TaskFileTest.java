package dev.rosetta.agent.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;

import org.junit.jupiter.api.Test;

import dev.rosetta.core.RosettaException;

class TaskFileTest {

    private static final Path FILE = Path.of("suite/task.toml");

    private static EvalTask parse(String toml) {
        return TaskFile.parse("suite", FILE, toml);
    }

    @Test
    void everyFieldIsRead() {
        EvalTask t = parse("""
                name = "fix-it"
                prompt = "fix it"
                run = "python3 a.py"
                expect_exit = 0
                expect_stdout_contains = ["ok", "done"]
                check = "test -f a.py"
                tools = ["shell", "save"]
                timeout = "90s"
                tags = "python"

                [files]
                "src/a.py" = "print('x')"

                [expect_files]
                "a.py" = "ok"
                """);
        assertThat(t.id()).isEqualTo("suite/fix-it");
        assertThat(t.files()).containsEntry("src/a.py", "print('x')");
        assertThat(t.expectStdoutContains()).containsExactly("ok", "done");
        assertThat(t.tools()).containsExactly("shell", "save");
        assertThat(t.timeout()).isEqualTo(Duration.ofSeconds(90));
        assertThat(t.checkCount()).isEqualTo(5);
    }

    @Test
    void theNameDefaultsToTheFileName() {
        assertThat(parse("prompt = \"p\"\ncheck = \"true\"\n").name()).isEqualTo("task");
    }

    @Test
    void anUnknownKeyNamesTheFileTheLineAndTheKey() {
        assertThatThrownBy(() -> parse("prompt = \"p\"\ncheck = \"true\"\nexpect_stdout = \"x\"\n"))
                .isInstanceOf(RosettaException.class).hasMessageStartingWith("suite/task.toml:3:")
                .hasMessageContaining("unknown key 'expect_stdout'");
    }

    @Test
    void aTaskThatChecksNothingIsRefused() {
        assertThatThrownBy(() -> parse("prompt = \"p\"\n")).isInstanceOf(RosettaException.class)
                .hasMessageContaining("checks nothing");
    }

    @Test
    void aMissingPromptIsRefused() {
        assertThatThrownBy(() -> parse("check = \"true\"\n")).hasMessageContaining("prompt");
    }

    @Test
    void expectationsOfRunNeedARunCommand() {
        assertThatThrownBy(() -> parse("prompt = \"p\"\nexpect_exit = 0\n")).hasMessageContaining("expect_exit")
                .hasMessageContaining("no run command");
    }

    @Test
    void valuesOfTheWrongTypeSayWhatTheyShouldBe() {
        assertThatThrownBy(() -> parse("prompt = \"p\"\nrun = \"x\"\nexpect_exit = \"0\"\n"))
                .hasMessageContaining("suite/task.toml:3").hasMessageContaining("expect_exit: must be a whole number");
        assertThatThrownBy(() -> parse("prompt = \"p\"\ncheck = \"true\"\ntimeout = \"soon\"\n"))
                .hasMessageContaining("timeout");
        assertThatThrownBy(() -> parse("prompt = \"p\"\ncheck = \"true\"\ntools = [\"shel\"]\n"))
                .hasMessageContaining("unknown tool 'shel'");
    }

    @Test
    void pathsMayNotLeaveTheWorkspace() {
        assertThatThrownBy(() -> parse("prompt = \"p\"\ncheck = \"true\"\n[files]\n\"../x\" = \"y\"\n"))
                .hasMessageContaining("leaves the workspace");
        assertThatThrownBy(() -> parse("prompt = \"p\"\n[expect_files]\n\"/etc/passwd\" = \"root\"\n"))
                .hasMessageContaining("absolute");
    }

    @Test
    void brokenTomlSaysWhereItBroke() {
        assertThatThrownBy(() -> parse("prompt = \"p\ncheck = \"true\"\n")).isInstanceOf(RosettaException.class)
                .hasMessageStartingWith("suite/task.toml:1");
    }

    @Test
    void aNameMayBeAnyOneLineWithoutASlash() {
        assertThat(TaskFile.parse("suite", Path.of("my task.toml"), "prompt = \"p\"\ncheck = \"true\"\n").name())
                .isEqualTo("my task");
        assertThatThrownBy(() -> parse("name = \"a/b\"\nprompt = \"p\"\ncheck = \"true\"\n"))
                .hasMessageContaining("name: 'a/b' is not a task name");
    }
}
