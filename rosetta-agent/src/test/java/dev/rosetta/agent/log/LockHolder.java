package dev.rosetta.agent.log;

import java.nio.file.Path;

import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.message.Message;

/** A second Rosetta, for lock tests: opens a conversation, says "locked", holds it until stdin ends. */
public final class LockHolder {

    private LockHolder() {}

    public static void main(String[] args) throws Exception {
        try (ConversationLog log = ConversationLog.open(Path.of(args[0]), args[1])) {
            log.append(LoggedMessage.of(Message.user("from the other process"), ToolFormat.MARKDOWN));
            System.out.println("locked");
            System.out.flush();
            while (System.in.read() >= 0) {
                // Hold the lock until the test closes our stdin.
            }
        }
    }
}
