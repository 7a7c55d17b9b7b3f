package dev.rosetta.acp;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.agentclientprotocol.sdk.spec.AcpSchema;
import com.agentclientprotocol.sdk.spec.AcpSchema.ToolCallStatus;
import com.agentclientprotocol.sdk.spec.AcpSchema.ToolKind;

import dev.rosetta.core.dialect.markdown.MarkdownDialect;
import dev.rosetta.core.split.Segment;
import dev.rosetta.core.tool.ErrorCode;
import dev.rosetta.core.tool.ToolResult;
import dev.rosetta.core.tool.ToolUse;

class CallUpdatesTest {

    @TempDir
    Path workspace;

    private final AtomicLong clock = new AtomicLong();

    private CallUpdates calls() {
        return new CallUpdates(new dev.rosetta.tools.files.Workspace(workspace, false), clock::get);
    }

    private static ToolUse save(String path, String content) {
        return ToolUse.named("save", Map.of("path", path, "content", content), "call_1");
    }

    private static ToolUse shell(String command) {
        return ToolUse.named("shell", Map.of("command", command), "call_2");
    }

    @Test
    void aSaveIsAPendingEditTitledAsTheTerminalHeadsItAtTheFileItTouches() {
        AcpSchema.ToolCall call = calls().read(save("docs/notes.md", "a\nb\n"), "tool");

        assertThat(call.toolCallId()).isEqualTo("call_1");
        assertThat(call.title()).isEqualTo("save docs/notes.md · 2 lines");
        assertThat(call.kind()).isEqualTo(ToolKind.EDIT);
        assertThat(call.status()).isEqualTo(ToolCallStatus.PENDING);
        assertThat(call.locations()).extracting(AcpSchema.ToolCallLocation::path)
                .containsExactly(workspace.resolve("docs/notes.md").toString());
    }

    @Test
    void toolsAreGroupedByWhatTheyDoAndAnyOtherToolIsOther() {
        assertThat(CallUpdates.kind("save")).isEqualTo(ToolKind.EDIT);
        assertThat(CallUpdates.kind("patch")).isEqualTo(ToolKind.EDIT);
        assertThat(CallUpdates.kind("append")).isEqualTo(ToolKind.EDIT);
        assertThat(CallUpdates.kind("read")).isEqualTo(ToolKind.READ);
        assertThat(CallUpdates.kind("shell")).isEqualTo(ToolKind.EXECUTE);
        assertThat(CallUpdates.kind("jshell")).isEqualTo(ToolKind.EXECUTE);
        assertThat(CallUpdates.kind("ipython")).isEqualTo(ToolKind.EXECUTE);
        assertThat(CallUpdates.kind("fetch")).isEqualTo(ToolKind.FETCH);
        assertThat(CallUpdates.kind("web.fetch_url")).isEqualTo(ToolKind.FETCH);
        assertThat(CallUpdates.kind("web__fetch_url")).isEqualTo(ToolKind.FETCH);
        assertThat(CallUpdates.kind("github__search_code")).isEqualTo(ToolKind.SEARCH);
        assertThat(CallUpdates.kind("files.deleteFile")).isEqualTo(ToolKind.DELETE);
        assertThat(CallUpdates.kind("everything__echo")).isEqualTo(ToolKind.OTHER);
    }

    @Test
    void aFileChangedCompletesWithTheOldAndTheNewTextOfTheFile() throws Exception {
        Files.writeString(workspace.resolve("a.txt"), "old\n");
        CallUpdates calls = calls();
        ToolUse use = save("a.txt", "new\n");
        calls.read(use, "tool");

        calls.started(use);
        assertThat(calls.running(use).status()).isEqualTo(ToolCallStatus.IN_PROGRESS);
        Files.writeString(workspace.resolve("a.txt"), "new\n");
        AcpSchema.ToolCallUpdateNotification done = calls.finished(use, ToolResult.ok("Saved a.txt"));

        assertThat(done.status()).isEqualTo(ToolCallStatus.COMPLETED);
        assertThat(done.content()).first().isInstanceOfSatisfying(AcpSchema.ToolCallDiff.class, d -> {
            assertThat(d.path()).isEqualTo(workspace.resolve("a.txt").toString());
            assertThat(d.oldText()).isEqualTo("old\n");
            assertThat(d.newText()).isEqualTo("new\n");
        });
    }

    @Test
    void aNewFileHasNoOldText() throws Exception {
        CallUpdates calls = calls();
        ToolUse use = save("b.txt", "x\n");
        calls.started(use);
        Files.writeString(workspace.resolve("b.txt"), "x\n");

        assertThat(calls.finished(use, ToolResult.ok("Saved b.txt")).content()).first()
                .isInstanceOfSatisfying(AcpSchema.ToolCallDiff.class, d -> assertThat(d.oldText()).isNull());
    }

    @Test
    void aFileThatIsNotTextIsNotSentAsADiff() throws Exception {
        Files.write(workspace.resolve("c.bin"), new byte[] {(byte) 0xff, (byte) 0xfe, 0, 1});
        CallUpdates calls = calls();
        ToolUse use = save("c.bin", "text now\n");
        calls.started(use);
        Files.writeString(workspace.resolve("c.bin"), "text now\n");

        assertThat(calls.finished(use, ToolResult.ok("Saved c.bin")).content())
                .noneMatch(c -> c instanceof AcpSchema.ToolCallDiff);
    }

    @Test
    void aFailedCallFailsWithWhatWentWrongAndNoDiff() throws Exception {
        CallUpdates calls = calls();
        ToolUse use = save("d.txt", "x\n");
        calls.started(use);

        AcpSchema.ToolCallUpdateNotification done = calls.finished(use,
                ToolResult.error(ErrorCode.DENIED, "the user declined"));

        assertThat(done.status()).isEqualTo(ToolCallStatus.FAILED);
        assertThat(done.content()).singleElement().isInstanceOfSatisfying(AcpSchema.ToolCallContentBlock.class,
                b -> assertThat(((AcpSchema.TextContent) b.content()).text()).contains("the user declined"));
    }

    @Test
    void aCommandsOutputIsShownInAFenceNoneOfItsLinesCanClose() {
        CallUpdates calls = calls();
        ToolUse use = shell("cat README.md");
        calls.started(use);
        String output = "# Title\n```java\nclass A {}\n```\n";

        AcpSchema.ToolCallUpdateNotification done = calls.finished(use, ToolResult.ok(output));

        String shown = ((AcpSchema.TextContent) ((AcpSchema.ToolCallContentBlock) done.content().getFirst()).content())
                .text();
        String fence = shown.substring(0, shown.indexOf('\n'));
        assertThat(fence).matches("`{4,}");
        assertThat(shown).isEqualTo(fence + "\n" + output + fence);
    }

    @Test
    void aRunningCommandsOutputIsSentAtMostEveryQuarterSecondAndWhenSentHoldsAllSoFar() {
        CallUpdates calls = calls();
        ToolUse use = shell("make");
        calls.started(use);

        assertThat(calls.output(use, bytes("one\n"))).isNotNull();
        clock.addAndGet(CallUpdates.OUTPUT_EVERY_NANOS - 1);
        assertThat(calls.output(use, bytes("two\n"))).isNull();
        clock.addAndGet(1);
        AcpSchema.ToolCallUpdateNotification third = calls.output(use, bytes("three\n"));

        assertThat(third.status()).isEqualTo(ToolCallStatus.IN_PROGRESS);
        assertThat(((AcpSchema.TextContent) ((AcpSchema.ToolCallContentBlock) third.content().getFirst()).content())
                .text()).contains("one\ntwo\nthree\n");
    }

    @Test
    void aLongRunningOutputSendsOnlyItsTail() {
        CallUpdates calls = calls();
        ToolUse use = shell("yes");
        calls.started(use);
        calls.output(use, bytes("head\n"));
        calls.output(use, bytes("y\n".repeat(CallUpdates.OUTPUT_TAIL)));
        clock.addAndGet(CallUpdates.OUTPUT_EVERY_NANOS);

        String sent = ((AcpSchema.TextContent) ((AcpSchema.ToolCallContentBlock) calls.output(use, bytes("end\n"))
                .content().getFirst()).content()).text();

        assertThat(sent).doesNotContain("head").endsWith("end\n```");
        assertThat(sent.length()).isLessThan(CallUpdates.OUTPUT_TAIL + 20);
    }

    @Test
    void somethingThatLookedLikeACallButWasNotIsAFailedCallSayingWhy() {
        var unparsed = new Segment.Unparsed("```save\n", MarkdownDialect.INSTANCE, "a save block without a path", 0, 8);

        AcpSchema.ToolCall call = calls().unparsed(unparsed);

        assertThat(call.status()).isEqualTo(ToolCallStatus.FAILED);
        assertThat(call.title()).contains("a save block without a path");
        assertThat(call.toolCallId()).isNotBlank();
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

}
