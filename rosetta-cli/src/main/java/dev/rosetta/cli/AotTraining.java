package dev.rosetta.cli;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

import org.jline.reader.LineReader;
import org.jline.reader.LineReaderBuilder;
import org.jline.terminal.Size;
import org.jline.terminal.Terminal;
import org.jline.terminal.impl.ExternalTerminal;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import dev.rosetta.acp.AcpServer;
import dev.rosetta.agent.chat.AgentEvent;
import dev.rosetta.agent.session.SessionEvent;
import dev.rosetta.agent.session.SessionHost;
import dev.rosetta.agent.session.SessionSetup;
import dev.rosetta.agent.session.SessionSpec;
import dev.rosetta.cli.chat.ChatArguments;
import dev.rosetta.cli.render.TerminalStyle;
import dev.rosetta.cli.ui.InlineUi;
import dev.rosetta.cli.render.TerminalOutput;
import dev.rosetta.core.json.Json;
import dev.rosetta.llm.ProviderException;

/**
 * {@code rosetta --aot-training}: the training run the launcher records a class archive from
 * for every command but {@code --version} and {@code parse} (which get a smaller archive of
 * their own). A chat is the slow start: picocli's model, the configuration files, the model
 * registry, the HTTP client with TLS, the agent loop, the renderer and JLine. This runs each of
 * them once, offline: two turns of a real chat against a loopback server that streams scripted
 * Chat Completions replies (a save call, then markdown), once as text and once as JSON events,
 * then {@code models}, then a line read by JLine, then the same chat in the terminal UI on a
 * terminal over pipes (its frames, a confirmation-free call, the transcript opened and closed),
 * then an editor's turn over ACP ({@code rosetta acp}).
 * Everything it writes goes to a temporary folder that is deleted at the end; the user's logs and
 * history are not touched.
 */
final class AotTraining {

    static final String ARGUMENT = "--aot-training";

    private static final List<String> REPLIES = List.of(
            "I'll write it down.\n\n```save notes.md\n# Notes\n\n- one\n- two\n```\n",
            "## Done\n\nThe file has **two** items:\n\n1. one\n2. `two`\n\n```java\nclass A { int x = 1; }\n```\n");

    private AotTraining() {}

    /** 0 when every part ran; the launcher keeps the archive either way. */
    static int run(TerminalOutput output) {
        Path temp = null;
        try (Replies server = Replies.start()) {
            temp = Files.createTempDirectory("rosetta-training-");
            Map<String, String> env = environment(temp, server.baseUrl());
            int text = chat(env, temp, "text");
            int json = chat(env, temp, "json");
            int models = Main.commandLine(new Main(env, TerminalOutput.discarding())).execute("models");
            readOneLine();
            int ui = inlineUi(env, temp);
            int acp = acp(env, temp);
            return text == 0 && json == 0 && models == 0 && ui == 0 && acp == 0 ? 0 : 1;
        } catch (IOException | RuntimeException e) {
            output.error("the training run failed: " + e);
            return 1;
        } finally {
            deleteQuietly(temp);
        }
    }

    private static int chat(Map<String, String> env, Path temp, String outputFormat) throws IOException {
        Path workspace = Files.createDirectories(temp.resolve("workspace-" + outputFormat));
        System.setIn(new ByteArrayInputStream(new byte[0]));
        return Main.commandLine(new Main(env, TerminalOutput.discarding())).execute("-n", "-m", "openai/gpt-4.1", "--output-format", outputFormat,
                "-w", workspace.toString(), "write notes.md");
    }

    /**
     * {@code rosetta acp}'s classes (the ACP SDK, its Jackson 2 mapper, Reactor): an editor's exchange
     * on pipes — initialize, a session in a workspace of its own, a prompt whose save call runs
     * without asking — written by a thread of its own that reads the answers; the input ends when
     * the prompt is answered, or at a deadline.
     */
    private static int acp(Map<String, String> env, Path temp) throws IOException {
        Path workspace = Files.createDirectories(temp.resolve("workspace-acp"));
        PipedOutputStream editor = new PipedOutputStream();
        InputStream input = new PipedInputStream(editor, 1 << 16);
        BlockingQueue<String> answers = new LinkedBlockingQueue<>();
        OutputStream output = new OutputStream() {
            private final java.io.ByteArrayOutputStream line = new java.io.ByteArrayOutputStream();

            @Override
            public void write(int b) {
                if (b == '\n') {
                    answers.add(line.toString(StandardCharsets.UTF_8));
                    line.reset();
                } else {
                    line.write(b);
                }
            }
        };
        Thread talk = Thread.ofPlatform().daemon().start(() -> talk(editor, answers, workspace));
        SessionSpec defaults = new SessionSpec(false, null, null, "openai/gpt-4.1", null, null, false, false,
                List.of(), List.of(), true, null, null);
        int code = new AcpServer(defaults, env, "training", warning -> { }).run(input, output);
        talk.interrupt();
        return code;
    }

    /** The editor's side: each message once the one before it is answered, then the end of the input. */
    private static void talk(OutputStream editor, BlockingQueue<String> answers, Path workspace) {
        long deadline = System.nanoTime() + 20_000_000_000L;
        try (editor) {
            send(editor, Map.of("protocolVersion", 1, "clientCapabilities", Map.of()), 1, "initialize");
            answer(answers, 1, deadline);
            send(editor, Map.of("cwd", workspace.toString(), "mcpServers", List.of()), 2, "session/new");
            Object session = ((Map<?, ?>) answer(answers, 2, deadline).get("result")).get("sessionId");
            send(editor, Map.of("sessionId", session, "prompt", List.of(Map.of("type", "text", "text",
                    "write notes.md"))), 3, "session/prompt");
            answer(answers, 3, deadline);
        } catch (IOException | InterruptedException | RuntimeException e) {
            // the input ends here either way: the agent's run returns
        }
    }

    private static void send(OutputStream editor, Map<String, Object> params, int id, String method)
            throws IOException {
        String message = Json.write(Map.of("jsonrpc", "2.0", "id", id, "method", method, "params", params));
        editor.write((message + "\n").getBytes(StandardCharsets.UTF_8));
        editor.flush();
    }

    /** The answer to request {@code id}, skipping the notifications and requests before it. */
    private static Map<String, Object> answer(BlockingQueue<String> answers, int id, long deadline)
            throws InterruptedException {
        while (true) {
            String line = answers.poll(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            if (line == null) {
                throw new IllegalStateException("no answer to request " + id);
            }
            Map<String, Object> message = Json.readObject(line);
            if (Integer.valueOf(id).equals(message.get("id")) && message.containsKey("result")) {
                return message;
            }
        }
    }

    /**
     * The terminal UI's classes: a chat in it on a terminal over pipes, its first prompt given on
     * the command line; once the call has saved its file, the transcript is opened and closed and
     * Ctrl-D pressed (twice, in case the turn is still going). A deadline keeps a run that goes
     * wrong from holding the launcher up.
     */
    private static int inlineUi(Map<String, String> env, Path temp) throws IOException {
        Path workspace = Files.createDirectories(temp.resolve("workspace-ui"));
        PipedOutputStream keyboard = new PipedOutputStream();
        InputStream typed = new PipedInputStream(keyboard);
        try (Terminal terminal = new ExternalTerminal("rosetta", "xterm-256color", typed,
                OutputStream.nullOutputStream(), StandardCharsets.UTF_8)) {
            terminal.setSize(new Size(100, 30));
            InlineUi ui = new InlineUi(terminal, new TerminalStyle(true, true), env);
            ChatArguments.Read line = ChatArguments.read(List.of("-y", "-m", "openai/gpt-4.1", "-w",
                    workspace.toString()));
            SessionSetup setup = new SessionSetup(line.options().spec(true), env, workspace, warning -> { });
            try (SessionHost host = SessionHost.open(setup::open)) {
                CountDownLatch saved = new CountDownLatch(1);
                host.subscribe(e -> {
                    if (e.event() instanceof SessionEvent.Agent(AgentEvent.ToolFinished finished)) {
                        saved.countDown();
                    }
                });
                Thread keys = Thread.ofPlatform().daemon().start(() -> press(keyboard, saved));
                try {
                    ui.settings(setup.uiSettings());
                    return ui.run(host, "write notes.md");
                } finally {
                    keys.interrupt();
                }
            }
        } catch (ProviderException e) {
            return 1;
        }
    }

    /** The keys of the training run's UI: the transcript (search, open all, back), then Ctrl-D twice. */
    private static void press(OutputStream keyboard, CountDownLatch saved) {
        try {
            saved.await(5, TimeUnit.SECONDS);
            for (String keys : List.of("\u000f", "/notes\r", "e", "q", "\u0004", "\u0004")) {
                keyboard.write(keys.getBytes(StandardCharsets.UTF_8));
                keyboard.flush();
                Thread.sleep(200); // typed at a person's pace: each key's screen is drawn, so its code is trained
            }
        } catch (IOException | InterruptedException e) {
            // the UI is gone already
        }
    }

    /** A clean home: no user config is read, nothing is logged where the user keeps logs. */
    private static Map<String, String> environment(Path temp, String baseUrl) {
        Map<String, String> env = new HashMap<>();
        env.put("PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
        env.put("HOME", temp.toString());
        env.put("XDG_CONFIG_HOME", temp.resolve("config").toString());
        env.put("XDG_DATA_HOME", temp.resolve("data").toString());
        env.put("ROSETTA_LOGS_HOME", temp.resolve("logs").toString());
        env.put("OPENAI_BASE_URL", baseUrl);
        env.put("OPENAI_API_KEY", "aot-training");
        env.put("TERM", "xterm-256color");
        return env;
    }

    /**
     * The line editor's classes: a terminal over a pipe (no pseudo-terminal, whose pump thread
     * complains on stderr when it is closed), one line typed and read.
     */
    private static void readOneLine() throws IOException {
        PipedOutputStream keyboard = new PipedOutputStream();
        InputStream typed = new PipedInputStream(keyboard);
        try (Terminal terminal = new ExternalTerminal("rosetta", "xterm-256color", typed,
                OutputStream.nullOutputStream(), StandardCharsets.UTF_8); keyboard) {
            LineReader reader = LineReaderBuilder.builder().terminal(terminal).appName("rosetta").build();
            keyboard.write("hello\r".getBytes(StandardCharsets.UTF_8));
            keyboard.flush();
            reader.readLine("> ");
        }
    }

    private static void deleteQuietly(Path folder) {
        if (folder == null) {
            return;
        }
        try (Stream<Path> all = Files.walk(folder)) {
            all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException | RuntimeException e) {
            // A temporary folder left behind is harmless.
        }
    }

    /** The loopback server: each request gets the next scripted reply, streamed as OpenAI streams. */
    private record Replies(HttpServer server, AtomicInteger served) implements AutoCloseable {

        static Replies start() throws IOException {
            HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
            Replies replies = new Replies(server, new AtomicInteger());
            server.createContext("/", replies::answer);
            server.start();
            return replies;
        }

        String baseUrl() {
            return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
        }

        private void answer(HttpExchange exchange) throws IOException {
            try {
                exchange.getRequestBody().readAllBytes();
                String text = REPLIES.get(served.getAndIncrement() % REPLIES.size());
                byte[] body = stream(text).getBytes(StandardCharsets.UTF_8);
                exchange.getResponseHeaders().set("content-type", "text/event-stream");
                exchange.sendResponseHeaders(200, body.length);
                exchange.getResponseBody().write(body);
            } finally {
                exchange.close();
            }
        }

        private static String stream(String text) {
            StringBuilder sse = new StringBuilder(chunk(Map.of("role", "assistant", "content", ""), null));
            for (int i = 0; i < text.length(); i += 8) {
                sse.append(chunk(Map.of("content", text.substring(i, Math.min(text.length(), i + 8))), null));
            }
            sse.append(chunk(Map.of(), "stop"));
            sse.append("data: ").append(Json.write(Map.of("id", "training", "object", "chat.completion.chunk",
                    "choices", List.of(), "usage", Map.of("prompt_tokens", 900, "completion_tokens", 40,
                            "total_tokens", 940)))).append("\n\n");
            return sse.append("data: [DONE]\n\n").toString();
        }

        private static String chunk(Map<String, Object> delta, String finish) {
            Map<String, Object> choice = new HashMap<>();
            choice.put("index", 0);
            choice.put("delta", delta);
            choice.put("finish_reason", finish);
            return "data: " + Json.write(Map.of("id", "training", "object", "chat.completion.chunk",
                    "model", "gpt-4.1", "choices", List.of(choice))) + "\n\n";
        }

        @Override
        public void close() {
            server.stop(0);
        }
    }
}
