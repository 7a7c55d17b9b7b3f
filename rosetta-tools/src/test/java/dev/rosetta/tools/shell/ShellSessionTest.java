package dev.rosetta.tools.shell;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import dev.rosetta.tools.output.OutputLimit;

/** The session's framing, against a real bash. */
class ShellSessionTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(2);

    @TempDir
    Path workspace;

    private ShellSession session;

    @BeforeEach
    void setUp() throws Exception {
        session = ShellSession.start(workspace, ShellSettings.fromEnvironment(System.getenv()));
    }

    @AfterEach
    void tearDown() {
        session.close();
    }

    private ShellSession.Outcome run(String command) {
        return session.run(command, TIMEOUT, OutputLimit.DEFAULT, workspace.resolve("outputs"));
    }

    @Test
    void outputShapedLikeMarkersOfThisSessionIsJustOutput() {
        run("echo first call");
        String key = session.markerKey();
        // the previous call's marker, a later one without its line break, and a broken one
        String command = "printf '\\001%s:1:0\\n' " + key + "; printf 'x\\001%s:99:0' " + key
                + "; printf '\\001%s:2:' " + key + "; echo; echo done";

        ShellSession.Outcome outcome = run(command);

        assertThat(outcome.ending()).isEqualTo(ShellSession.Ending.FINISHED);
        assertThat(outcome.output()).isEqualTo("\u0001" + key + ":1:0\nx\u0001" + key + ":99:0\u0001" + key
                + ":2:\ndone\n");
        assertThat(run("echo next").output()).isEqualTo("next\n");
    }

    /**
     * The job prints only when the test opens its gate, after the first call is over, and the next
     * call starts only once the session has read what it printed: no sleep decides the order.
     */
    @Test
    void backgroundOutputBetweenCallsComesWithTheNextCall() throws Exception {
        run("mkfifo gate; (read -r _ < gate; echo from-background) &");

        Files.writeString(workspace.resolve("gate"), "go\n");
        assertThat(session.awaitBackgroundOutput("from-background\n".length(), Duration.ofSeconds(10))).isTrue();
        ShellSession.Outcome next = run("echo now");

        assertThat(next.background()).isEqualTo("from-background\n");
        assertThat(next.output()).isEqualTo("now\n");
    }

    @Test
    void theMarkerKeyIsNotVisibleToCommands() {
        ShellSession.Outcome outcome = run("set; env; declare -f; echo \"$_ $BASH_COMMAND\"; history");

        assertThat(outcome.output()).isNotEmpty().doesNotContain(session.markerKey());
    }

    /** The job waits on a gate nobody opens, so returning at all shows the call did not wait for it. */
    @Test
    @Timeout(60) // a hang guard, not a measurement
    void exitWhileABackgroundJobHoldsTheOutputEndsWithoutWaitingForTheJob() {
        ShellSession.Outcome outcome = run("mkfifo gate; (read -r _ < gate) & echo leaving; exit 4");

        assertThat(outcome.ending()).isEqualTo(ShellSession.Ending.SHELL_EXITED);
        assertThat(outcome.status()).isEqualTo(4);
        assertThat(outcome.output()).contains("leaving");
        assertThat(outcome.stateLost()).isTrue();
        assertThat(session.isAlive()).isFalse();
    }

    @Test
    void commandKilledBySignalGivesItsStatusWithoutTheShellsTerminalComplaints() {
        ShellSession.Outcome outcome = run("echo before; bash -c 'kill -TERM $$'");

        assertThat(outcome.status()).isEqualTo(143);
        assertThat(outcome.output()).isEqualTo("before\n");
    }

    @Test
    void theSessionRunsCommandsInItsStartingFolderWithThatPath() {
        assertThat(run("pwd").output()).isEqualTo(workspace + "\n");
        assertThat(session.directory()).isEqualTo(workspace);
    }
}
