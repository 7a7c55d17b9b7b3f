package dev.rosetta.agent.log;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A Rosetta killed while writing loses at most the message being written, and the log goes on after it. */
class CrashTest {

    @TempDir
    Path logs;

    @Test
    void aWriterKilledMidConversationLosesAtMostTheMessageItWasWriting() throws Exception {
        ConversationLog.create(logs, "killed").close();
        for (int round = 0; round < 3; round++) {
            int before;
            try (ConversationLog log = ConversationLog.open(logs, "killed")) {
                before = log.messages().size();
            }
            String java = ProcessHandle.current().info().command().orElse("java");
            Process writer = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                    LogWriter.class.getName(), logs.toString(), "killed")
                    .redirectError(ProcessBuilder.Redirect.INHERIT).start();
            int confirmed = -1;
            try (BufferedReader out = new BufferedReader(new InputStreamReader(writer.getInputStream(),
                    StandardCharsets.UTF_8))) {
                for (int seen = 0; seen < 20 + round * 7; seen++) {
                    confirmed = Integer.parseInt(out.readLine());
                }
                writer.destroyForcibly(); // SIGKILL: no shutdown hook, no close
                assertThat(writer.waitFor(20, TimeUnit.SECONDS)).isTrue();
            }
            try (ConversationLog log = ConversationLog.open(logs, "killed")) {
                List<LoggedMessage> messages = log.messages();
                // Every message the writer reported as written is there, in order, unchanged.
                assertThat(messages.size()).isGreaterThanOrEqualTo(before + confirmed + 1);
                for (int i = 0; i <= confirmed; i++) {
                    assertThat(messages.get(before + i)).isEqualTo(LogWriter.message(i));
                }
                assertThat(log.warnings()).allMatch(w -> w.contains("cut off"));
            }
        }
    }

    @Test
    void randomAppendsAndUndosReadBackAsTheyWereSeen() {
        Random random = new Random(42);
        RandomMessages messages = new RandomMessages(43);
        List<LoggedMessage> expected = new ArrayList<>();
        ConversationLog.create(logs, "random").close();
        for (int session = 0; session < 5; session++) {
            try (ConversationLog log = ConversationLog.open(logs, "random")) {
                assertThat(log.messages()).isEqualTo(expected);
                for (int step = 0; step < 60; step++) {
                    if (random.nextInt(6) == 0) {
                        int n = random.nextInt(4);
                        List<LoggedMessage> removed = log.undo(n);
                        int keep = Math.max(0, expected.size() - n);
                        assertThat(removed).isEqualTo(expected.subList(keep, expected.size()));
                        expected.subList(keep, expected.size()).clear();
                    } else {
                        LoggedMessage m = messages.next();
                        log.append(m);
                        expected.add(m);
                    }
                }
                assertThat(log.messages()).isEqualTo(expected);
            }
        }
        assertThat(Conversations.count(logs.resolve("random").resolve(ConversationLog.FILE))).isEqualTo(expected.size());
    }
}
