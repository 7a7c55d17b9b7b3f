package dev.rosetta.agent.chat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

import dev.rosetta.agent.log.ConversationLog;

/**
 * Whole turns against a loopback server speaking OpenAI's wire format ({@link FakeOpenAi}): a
 * workspace ({@link #dir}) and a real conversation log ({@link #log}) in folders of the test's own,
 * and every event the loop emitted ({@link #events}). The turn tests extend it for these parts, and
 * build the session each one needs.
 */
abstract class LoopbackTurnTest {

    /** The conversation's name in {@link #logs}. */
    static final String CONVERSATION = "test";

    @TempDir
    Path dir;

    @TempDir
    Path logs;

    FakeOpenAi api;
    ConversationLog log;
    final List<AgentEvent> events = new ArrayList<>();

    // Named apart from the tests' own @BeforeEach and @AfterEach methods, which would otherwise override these.
    @BeforeEach
    void openLoopback() throws Exception {
        api = new FakeOpenAi();
        log = ConversationLog.create(logs, CONVERSATION);
    }

    @AfterEach
    void closeLoopback() {
        api.close();
        log.close();
    }

    /** A loop of {@code session} in the workspace, its events added to {@link #events}. */
    AgentLoop loop(ChatSession session) {
        return new AgentLoop(session, dir, events::add);
    }
}
