package dev.rosetta.agent.log;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.rosetta.core.RosettaException;
import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.message.Message;

/** One writer per conversation: a second open, from this process or another, is refused in one line. */
class ConversationLockTest {

    @TempDir
    Path logs;

    @Test
    void aSecondOpenFromAnotherThreadIsRefusedWhileTheFirstHoldsIt() throws Exception {
        try (ConversationLog first = ConversationLog.create(logs, "busy")) {
            CompletableFuture<Throwable> second = CompletableFuture.supplyAsync(() -> {
                try {
                    ConversationLog.open(logs, "busy").close();
                    return null;
                } catch (RuntimeException e) {
                    return e;
                }
            });
            assertThat(second.get(10, TimeUnit.SECONDS)).isInstanceOf(RosettaException.class)
                    .hasMessage("conversation busy is open in this Rosetta process; finish it there first, or start a"
                            + " new conversation");
            first.append(LoggedMessage.of(Message.user("still mine"), ToolFormat.MARKDOWN));
        }
        try (ConversationLog again = ConversationLog.open(logs, "busy")) {
            assertThat(again.messages()).hasSize(1);
        }
    }

    @Test
    void theLockFileNamesTheHoldersPid() throws Exception {
        try (ConversationLog log = ConversationLog.create(logs, "pid")) {
            assertThat(Files.readString(log.folder().resolve(ConversationLock.FILE)).strip())
                    .isEqualTo(String.valueOf(ProcessHandle.current().pid()));
        }
    }

    @Test
    void anotherProcessHoldingTheConversationIsNamedByItsPid() throws Exception {
        ConversationLog.create(logs, "shared").close();
        Process holder = startHolder("shared");
        try (BufferedReader out = new BufferedReader(new InputStreamReader(holder.getInputStream(), StandardCharsets.UTF_8))) {
            assertThat(out.readLine()).isEqualTo("locked");
            assertThatThrownBy(() -> ConversationLog.open(logs, "shared"))
                    .isInstanceOf(RosettaException.class)
                    .hasMessage("conversation shared is open in another Rosetta process (pid " + holder.pid()
                            + "); finish it there first, or start a new conversation");
            assertThatThrownBy(() -> Conversations.rename(logs, "shared", "elsewhere"))
                    .hasMessageContaining("(pid " + holder.pid() + ")");
            holder.getOutputStream().close(); // the holder closes the log when its stdin ends
            assertThat(holder.waitFor(20, TimeUnit.SECONDS)).isTrue();
        } finally {
            holder.destroyForcibly();
        }
        try (ConversationLog log = ConversationLog.open(logs, "shared")) {
            assertThat(log.messages()).hasSize(1);
        }
    }

    @Test
    void aHolderThatIsKilledLeavesNoStaleLock() throws Exception {
        ConversationLog.create(logs, "killed").close();
        Process holder = startHolder("killed");
        try (BufferedReader out = new BufferedReader(new InputStreamReader(holder.getInputStream(), StandardCharsets.UTF_8))) {
            assertThat(out.readLine()).isEqualTo("locked");
            holder.destroyForcibly().waitFor(20, TimeUnit.SECONDS);
        }
        try (ConversationLog log = ConversationLog.open(logs, "killed")) {
            assertThat(log.messages()).hasSize(1);
        }
    }

    private Process startHolder(String id) throws Exception {
        String java = ProcessHandle.current().info().command().orElse("java");
        return new ProcessBuilder(List.of(java, "-cp", System.getProperty("java.class.path"),
                LockHolder.class.getName(), logs.toString(), id))
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
    }
}
