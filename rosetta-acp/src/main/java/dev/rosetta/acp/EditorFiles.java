package dev.rosetta.acp;

import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;

import com.agentclientprotocol.sdk.agent.AcpSyncAgent;
import com.agentclientprotocol.sdk.capabilities.NegotiatedCapabilities;
import com.agentclientprotocol.sdk.error.AcpProtocolException;
import com.agentclientprotocol.sdk.spec.AcpSchema;

import dev.rosetta.tools.FileAccess;

/**
 * The editor's files, when its {@code initialize} offers them ({@code fs.readTextFile},
 * {@code fs.writeTextFile}): Rosetta's file tools read through {@code fs/read_text_file}, so an
 * unsaved buffer is what they see, and write through {@code fs/write_text_file}, so the change is
 * the editor's own. What the editor does not offer stays on the disk. An error the editor answers
 * is the tool's error, in the editor's words. An editor answers a file request from its buffers or
 * its disk at once, so one that has not answered within {@link #PATIENCE} is taken to be stuck: the
 * call fails with that said, rather than holding the turn until the user cancels it.
 */
final class EditorFiles implements FileAccess {

    /** ACP's "resource not found" error (the SDK names no constant for it). */
    static final int RESOURCE_NOT_FOUND = -32002;

    /** How long a file request may wait for the editor's answer (a permission request waits for the user instead). */
    static final Duration PATIENCE = Duration.ofSeconds(30);

    private final AcpSyncAgent agent;
    private final boolean reads;
    private final boolean writes;
    private final Duration patience;
    /** The session the requests are made for: known once the conversation is open, before any tool runs. */
    private volatile String sessionId;

    private EditorFiles(AcpSyncAgent agent, boolean reads, boolean writes, Duration patience) {
        this.agent = agent;
        this.reads = reads;
        this.writes = writes;
        this.patience = patience;
    }

    /** The editor's files as far as it offers them; null when it offers neither (the disk, then). */
    static EditorFiles offered(AcpSyncAgent agent) {
        return offered(agent, PATIENCE);
    }

    static EditorFiles offered(AcpSyncAgent agent, Duration patience) {
        NegotiatedCapabilities client = agent.getClientCapabilities();
        if (client == null || !client.supportsReadTextFile() && !client.supportsWriteTextFile()) {
            return null;
        }
        return new EditorFiles(agent, client.supportsReadTextFile(), client.supportsWriteTextFile(), patience);
    }

    void session(String id) {
        this.sessionId = id;
    }

    @Override
    public boolean reads() {
        return reads;
    }

    @Override
    public boolean writes() {
        return writes;
    }

    @Override
    public String read(Path file) throws IOException {
        try {
            var response = agent.async().readTextFile(new AcpSchema.ReadTextFileRequest(session(), file.toString(),
                    null, null)).block(patience);
            return response == null || response.content() == null ? "" : response.content();
        } catch (RuntimeException e) {
            throw failure(file, "read", e);
        }
    }

    @Override
    public void write(Path file, String text) throws IOException {
        try {
            agent.async().writeTextFile(new AcpSchema.WriteTextFileRequest(session(), file.toString(), text))
                    .block(patience);
        } catch (RuntimeException e) {
            throw failure(file, "write", e);
        }
    }

    private String session() {
        return Objects.requireNonNull(sessionId, "the session is not open yet");
    }

    /**
     * The editor's refusal as the file error the tool reports: "not found" (ACP's RESOURCE_NOT_FOUND)
     * as a missing file, no answer in time as that, anything else with what the editor said.
     */
    private IOException failure(Path file, String verb, RuntimeException e) {
        AcpProtocolException protocol = cause(e);
        if (protocol != null && protocol.getCode() == RESOURCE_NOT_FOUND) {
            return new NoSuchFileException(file.toString());
        }
        String said = protocol != null ? protocol.toJsonRpcError().message()
                : timedOut(e) ? "it did not answer within " + (patience.toMillis() < 1000 ? patience.toMillis() + " ms"
                        : patience.toSeconds() + " s") + " (is the editor busy or stuck?)"
                : e.getMessage();
        FileSystemException failure = new FileSystemException(file.toString(), null, "the editor could not " + verb
                + " it: " + (said == null || said.isBlank() ? e.getClass().getSimpleName() : said));
        failure.initCause(e);
        return failure;
    }

    /** Reactor's {@code block(timeout)} gives up with an IllegalStateException naming the timeout. */
    private static boolean timedOut(RuntimeException e) {
        return e instanceof IllegalStateException && e.getMessage() != null && e.getMessage().startsWith("Timeout");
    }

    private static AcpProtocolException cause(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof AcpProtocolException p) {
                return p;
            }
        }
        return null;
    }
}
