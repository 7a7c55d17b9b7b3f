package dev.rosetta.acp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.agentclientprotocol.sdk.agent.AcpAgent;
import com.agentclientprotocol.sdk.agent.AcpSyncAgent;
import com.agentclientprotocol.sdk.agent.transport.StdioAcpAgentTransport;
import com.agentclientprotocol.sdk.json.AcpJsonMapper;
import com.agentclientprotocol.sdk.spec.AcpSchema;

import dev.rosetta.core.json.Json;

/**
 * The editor's files over a real ACP agent on pipes, with the test as the editor: it offers its
 * files in {@code initialize}, then sees the requests Rosetta makes and answers them, or does not.
 */
class EditorFilesTest {

    private final PipedOutputStream editorWrites = new PipedOutputStream();
    private final PipedInputStream agentReads = new PipedInputStream(1 << 16);
    private final PipedOutputStream agentWrites = new PipedOutputStream();
    private final PipedInputStream editorReads = new PipedInputStream(1 << 16);
    private BufferedReader fromAgent;
    private AcpSyncAgent agent;

    @BeforeEach
    void connect() throws IOException {
        agentReads.connect(editorWrites);
        editorReads.connect(agentWrites);
        fromAgent = new BufferedReader(new InputStreamReader(editorReads, StandardCharsets.UTF_8));
        agent = AcpAgent.sync(new StdioAcpAgentTransport(AcpJsonMapper.createDefault(), agentReads, agentWrites))
                .requestTimeout(Duration.ofDays(1))
                .initializeHandler(r -> AcpSchema.InitializeResponse.ok())
                .build();
        agent.start();
        send("{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":1,"
                + "\"clientCapabilities\":{\"fs\":{\"readTextFile\":true,\"writeTextFile\":true}}}}");
        assertThat(next()).containsEntry("id", 0).containsKey("result");
    }

    @AfterEach
    void close() throws IOException {
        editorWrites.close();
        agent.close();
    }

    private void send(String line) throws IOException {
        OutputStream out = editorWrites;
        out.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    private Map<String, Object> next() throws IOException {
        return Json.readObject(fromAgent.readLine());
    }

    @Test
    void anEditorThatAnswersIsRead() throws Exception {
        EditorFiles files = EditorFiles.offered(agent, Duration.ofMinutes(1));
        files.session("s1");
        Thread editor = Thread.ofVirtual().start(() -> {
            try {
                Map<String, Object> request = next();
                send("{\"jsonrpc\":\"2.0\",\"id\":" + Json.write(request.get("id"))
                        + ",\"result\":{\"content\":\"unsaved text\\n\"}}");
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        });

        assertThat(files.read(Path.of("/w/a.txt"))).isEqualTo("unsaved text\n");
        editor.join();
    }

    @Test
    void anEditorThatNeverAnswersAFileRequestFailsTheCallInsteadOfHoldingTheTurn() throws Exception {
        EditorFiles files = EditorFiles.offered(agent, Duration.ofMillis(300));
        files.session("s1");

        assertThatThrownBy(() -> files.read(Path.of("/w/a.txt"))).isInstanceOf(FileSystemException.class)
                .hasMessageContaining("/w/a.txt").hasMessageContaining("the editor could not read it: it did not answer");
        assertThat(next()).containsEntry("method", "fs/read_text_file");
        assertThatThrownBy(() -> files.write(Path.of("/w/b.txt"), "x")).isInstanceOf(FileSystemException.class)
                .hasMessageContaining("the editor could not write it: it did not answer");
        assertThat(next()).containsEntry("method", "fs/write_text_file");
    }
}
