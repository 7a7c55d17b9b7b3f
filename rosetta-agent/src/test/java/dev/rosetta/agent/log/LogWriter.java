package dev.rosetta.agent.log;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.message.Message;

/** A Rosetta that is killed mid-conversation, for crash tests: appends numbered messages until killed. */
public final class LogWriter {

    private LogWriter() {}

    /** The i-th message the writer appends; big enough that a kill often lands inside a write. */
    static LoggedMessage message(int i) {
        return new LoggedMessage(Message.user(i + ":" + "é🦀\n".repeat(2_000 + i % 7)), Instant.ofEpochSecond(i), null,
                ToolFormat.MARKDOWN, List.of(), null, null);
    }

    public static void main(String[] args) {
        try (ConversationLog log = ConversationLog.open(Path.of(args[0]), args[1])) {
            for (int i = 0; ; i++) {
                log.append(message(i));
                System.out.println(i);
                System.out.flush();
            }
        }
    }
}
