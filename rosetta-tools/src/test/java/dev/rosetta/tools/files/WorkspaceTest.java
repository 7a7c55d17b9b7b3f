package dev.rosetta.tools.files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.rosetta.core.tool.ErrorCode;
import dev.rosetta.core.tool.ToolResult;
import dev.rosetta.tools.ToolFailure;

class WorkspaceTest {

    @TempDir
    Path tmp;
    Path ws;
    Path outside;

    @BeforeEach
    void folders() throws IOException {
        ws = Files.createDirectories(tmp.resolve("ws"));
        outside = Files.createDirectories(tmp.resolve("outside"));
        Files.writeString(outside.resolve("secret.txt"), "secret\n");
    }

    @Test
    void relativePathsResolveInTheWorkspace() throws ToolFailure {
        Workspace w = new Workspace(ws, false);
        assertThat(w.resolve("src/app.py")).isEqualTo(ws.resolve("src/app.py"));
        assertThat(w.resolve("  src/./x/../app.py ")).isEqualTo(ws.resolve("src/app.py"));
    }

    @Test
    void absolutePathsAndTheHomeFolderAreTakenAsWritten() throws ToolFailure {
        Workspace w = new Workspace(ws, false);
        assertThat(w.resolve(outside.resolve("secret.txt").toString())).isEqualTo(outside.resolve("secret.txt"));
        assertThat(w.resolve("~/notes.md")).isEqualTo(Path.of(System.getProperty("user.home"), "notes.md"));
        assertThat(w.resolve("~")).isEqualTo(Path.of(System.getProperty("user.home")));
    }

    @Test
    void pathsAreShownRelativeInsideAndAbsoluteOutside() {
        Workspace w = new Workspace(ws, false);
        assertThat(w.show(ws.resolve("src/app.py"))).isEqualTo("src/app.py");
        assertThat(w.show(ws)).isEqualTo(".");
        assertThat(w.show(outside.resolve("secret.txt"))).isEqualTo(outside.resolve("secret.txt").toString());
    }

    @Test
    void anEmptyPathIsInvalid() {
        assertThatThrownBy(() -> new Workspace(ws, false).resolve("  "))
                .isInstanceOfSatisfying(ToolFailure.class, f -> assertThat(f.code()).isEqualTo(ErrorCode.INVALID_ARGS));
    }

    @Test
    void dotDotOutOfTheWorkspaceIsRefusedNamingTheWorkspace() {
        assertThatThrownBy(() -> new Workspace(ws, true).resolve("../outside/secret.txt"))
                .isInstanceOfSatisfying(ToolFailure.class, f -> {
                    assertThat(f.code()).isEqualTo(ErrorCode.EACCES);
                    assertThat(f.getMessage()).contains("outside the workspace " + ws);
                });
    }

    @Test
    void dotDotThatStaysInsideIsFine() throws ToolFailure {
        assertThat(new Workspace(ws, true).resolve("src/../a.txt")).isEqualTo(ws.resolve("a.txt"));
    }

    @Test
    void absolutePathOutsideIsRefusedWhenConfinedOnly() throws ToolFailure {
        String secret = outside.resolve("secret.txt").toString();
        assertThat(new Workspace(ws, false).resolve(secret)).isEqualTo(Path.of(secret));
        assertThatThrownBy(() -> new Workspace(ws, true).resolve(secret))
                .isInstanceOfSatisfying(ToolFailure.class, f -> assertThat(f.code()).isEqualTo(ErrorCode.EACCES));
    }

    @Test
    void aLinkToAFileOutsideIsRefused() throws IOException {
        Files.createSymbolicLink(ws.resolve("innocent.txt"), outside.resolve("secret.txt"));
        Path realSecret = outside.toRealPath().resolve("secret.txt");
        assertThatThrownBy(() -> new Workspace(ws, true).resolve("innocent.txt"))
                .isInstanceOfSatisfying(ToolFailure.class, f -> {
                    assertThat(f.code()).isEqualTo(ErrorCode.EACCES);
                    assertThat(f.getMessage()).contains("leads to " + realSecret);
                });
    }

    @Test
    void aLinkToAFolderOutsideIsRefusedForPathsThroughIt() throws IOException {
        Files.createSymbolicLink(ws.resolve("docs"), outside);
        Workspace w = new Workspace(ws, true);
        assertThatThrownBy(() -> w.resolve("docs/secret.txt")).isInstanceOf(ToolFailure.class);
        assertThatThrownBy(() -> w.resolve("docs/new/file.txt")).isInstanceOf(ToolFailure.class);
    }

    @Test
    void aDanglingLinkAimedOutsideIsRefused() throws IOException {
        // Appending through it would create the file it points to, outside the workspace.
        Files.createSymbolicLink(ws.resolve("log.txt"), outside.resolve("not-yet.txt"));
        assertThatThrownBy(() -> new Workspace(ws, true).resolve("log.txt"))
                .isInstanceOfSatisfying(ToolFailure.class, f -> assertThat(f.code()).isEqualTo(ErrorCode.EACCES));
    }

    @Test
    void aLinkInsidePointingInsideIsFine() throws IOException, ToolFailure {
        Files.createDirectories(ws.resolve("real"));
        Files.createSymbolicLink(ws.resolve("alias"), ws.resolve("real"));
        Files.createSymbolicLink(ws.resolve("relative-alias"), Path.of("real"));
        Workspace w = new Workspace(ws, true);
        assertThat(w.resolve("alias/file.txt")).isEqualTo(ws.resolve("alias/file.txt"));
        assertThat(w.resolve("relative-alias/new/file.txt")).isEqualTo(ws.resolve("relative-alias/new/file.txt"));
    }

    @Test
    void aWorkspaceReachedThroughALinkStillContainsItsFiles() throws IOException, ToolFailure {
        Path linkToWs = Files.createSymbolicLink(tmp.resolve("ws-link"), ws);
        assertThat(new Workspace(linkToWs, true).resolve("a.txt")).isEqualTo(linkToWs.resolve("a.txt"));
    }

    @Test
    void aLinkLoopIsRefusedNotFollowedForever() throws IOException {
        Files.createSymbolicLink(ws.resolve("a"), ws.resolve("b"));
        Files.createSymbolicLink(ws.resolve("b"), ws.resolve("a"));
        assertThatThrownBy(() -> new Workspace(ws, true).resolve("a"))
                .isInstanceOfSatisfying(ToolFailure.class, f -> assertThat(f.code()).isEqualTo(ErrorCode.EACCES));
    }

    @Test
    void everyFileToolRefusesEscapesWithEaccesAndTouchesNothing() throws Exception {
        Files.createSymbolicLink(ws.resolve("out"), outside);
        Calls calls = new Calls(ws).confined();
        ToolResult read = calls.read("../outside/secret.txt");
        ToolResult save = calls.save("out/planted.txt", "x");
        ToolResult append = calls.append("out/secret.txt", "more");
        ToolResult patch = calls.patch("out/secret.txt", Calls.hunk("secret\n", "public\n"));
        for (ToolResult r : new ToolResult[] {read, save, append, patch}) {
            assertThat(r.code()).isEqualTo(ErrorCode.EACCES);
            assertThat(r.output()).startsWith("[ERROR:EACCES]").contains("outside the workspace");
        }
        assertThat(outside.resolve("planted.txt")).doesNotExist();
        assertThat(Files.readString(outside.resolve("secret.txt"))).isEqualTo("secret\n");
    }

    /** Issue 10 #18: Files.createDirectories refused the link itself, "out already exists and is not a folder". */
    @Test
    void aLinkedFolderIsAFolderToWriteInAndOutsideTheWorkspaceWhenConfined() throws Exception {
        Files.createSymbolicLink(ws.resolve("out"), outside);
        Files.createDirectories(ws.resolve("real"));
        Files.createSymbolicLink(ws.resolve("in"), ws.resolve("real"));

        ToolResult confined = new Calls(ws).confined().save("out/new.txt", "x");
        ToolResult inside = new Calls(ws).confined().save("in/new.txt", "inside\n");
        ToolResult unconfined = new Calls(ws).save("out/new.txt", "outside\n");

        assertThat(confined.code()).isEqualTo(ErrorCode.EACCES);
        assertThat(confined.output()).contains("is outside the workspace").doesNotContain("not a folder");
        assertThat(inside.isError()).as(inside.output()).isFalse();
        assertThat(ws.resolve("real").resolve("new.txt")).hasContent("inside");
        assertThat(unconfined.isError()).as(unconfined.output()).isFalse();
        assertThat(outside.resolve("new.txt")).hasContent("outside");
    }

    @Test
    void unconfinedToolsReachOutside() throws Exception {
        ToolResult read = new Calls(ws).read("../outside/secret.txt");
        assertThat(read.isError()).isFalse();
        assertThat(read.output()).isEqualTo("1\tsecret\n");
    }
}
