package dev.rosetta.acp;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;

import com.agentclientprotocol.sdk.spec.AcpSchema;

import dev.rosetta.core.dialect.markdown.MarkdownDialect;
import dev.rosetta.core.split.Segment;
import dev.rosetta.core.tool.BuiltinTools;
import dev.rosetta.core.tool.CallTitle;
import dev.rosetta.core.tool.ToolResult;
import dev.rosetta.core.tool.ToolUse;
import dev.rosetta.tools.files.Workspace;

/**
 * A call's life as the editor sees it, whichever dialect spelled it: a {@code tool_call} when it is
 * read (pending, titled as the terminal UI heads it, its kind, the file it touches), then {@code
 * tool_call_update}s — in progress once it has its consent (after the permission request, if one is
 * made), its output while a command runs, and completed
 * or failed with what it did: the old and new text of a file it changed, the output of a command.
 */
final class CallUpdates {

    /** A file bigger than this is not sent whole twice as a diff; the result says what changed. */
    static final long DIFF_LIMIT = 1 << 20;
    /** A running command's output is sent at most this often, and only its last part. */
    static final long OUTPUT_EVERY_NANOS = 250_000_000L;
    static final int OUTPUT_TAIL = 64 * 1024;

    /** Where the files are, and who holds them: the diff shows the text the tools read and wrote. */
    private final Workspace workspace;
    private final LongSupplier clock;
    private final Map<String, Running> running = new HashMap<>();
    private int unparsed;

    private static final class Running {
        String oldText;
        boolean oldKnown;
        final ByteArrayOutputStream output = new ByteArrayOutputStream();
        long lastSent = Long.MIN_VALUE;
    }

    CallUpdates(Workspace workspace, LongSupplier clock) {
        this.workspace = workspace;
        this.clock = clock;
    }

    /**
     * How the editor groups the tool: file tools read or edit, interpreters execute; a tool of an MCP
     * server by the verb its name starts with ({@code web.fetch_url}, {@code github.search_code},
     * {@code files.deleteFile}), and other when its name says nothing the editor groups.
     */
    static AcpSchema.ToolKind kind(String tool) {
        return switch (tool) {
            case "save", "append", "patch" -> AcpSchema.ToolKind.EDIT;
            case "read" -> AcpSchema.ToolKind.READ;
            case "shell", "ipython", "jshell" -> AcpSchema.ToolKind.EXECUTE;
            default -> kindByVerb(tool);
        };
    }

    /** Rosetta's own tools that change the file they name (whose change is shown as a diff). */
    static boolean changesAFile(String tool) {
        return tool.equals("save") || tool.equals("append") || tool.equals("patch");
    }

    private static AcpSchema.ToolKind kindByVerb(String tool) {
        // an MCP tool is SERVER.TOOL (SERVER__TOOL as a native function): its own name says what it does
        int dot = tool.lastIndexOf('.');
        int underscores = tool.lastIndexOf("__");
        String name = tool.substring(Math.max(dot < 0 ? 0 : dot + 1, underscores < 0 ? 0 : underscores + 2));
        String verb = name.split("[^A-Za-z]+|(?<=[a-z])(?=[A-Z])", 2)[0].toLowerCase(java.util.Locale.ROOT);
        return switch (verb) {
            case "fetch", "download", "browse", "navigate", "curl", "http" -> AcpSchema.ToolKind.FETCH;
            case "search", "find", "grep", "query", "lookup" -> AcpSchema.ToolKind.SEARCH;
            case "read", "get", "list", "view", "open", "cat", "show" -> AcpSchema.ToolKind.READ;
            case "write", "edit", "create", "update", "insert", "replace" -> AcpSchema.ToolKind.EDIT;
            case "delete", "remove", "rm" -> AcpSchema.ToolKind.DELETE;
            case "move", "rename", "mv" -> AcpSchema.ToolKind.MOVE;
            case "run", "exec", "execute", "evaluate", "eval" -> AcpSchema.ToolKind.EXECUTE;
            default -> AcpSchema.ToolKind.OTHER;
        };
    }

    /** The call, read: pending. */
    AcpSchema.ToolCall read(ToolUse use, String dialect) {
        CallTitle title = CallTitle.of(use);
        return new AcpSchema.ToolCall("tool_call", use.callId(), title.text(use), kind(use.tool()),
                AcpSchema.ToolCallStatus.PENDING, null, locations(use), input(use), null, Map.of("dialect", dialect));
    }

    /** Something that looked like a call and was not one: a failed call saying why, so it is not lost. */
    AcpSchema.ToolCall unparsed(Segment.Unparsed u) {
        return new AcpSchema.ToolCall("tool_call", "unparsed_" + ++unparsed, "not run: " + u.problem(),
                AcpSchema.ToolKind.OTHER, AcpSchema.ToolCallStatus.FAILED, List.of(text(fenced(u.raw()))), null,
                null, null, null);
    }

    /**
     * The call is on its way (it may still be asked about): what a file held before is kept for the
     * diff. The editor hears nothing yet; the call stays pending until it has its consent.
     */
    void started(ToolUse use) {
        Running r = new Running();
        if (changesAFile(use.tool())) {
            Path file = file(use);
            r.oldText = file == null ? null : textOf(file);
            // a file that is there but is not text (or too big) has no old text to show: no diff then
            r.oldKnown = file != null && (r.oldText != null || !Files.exists(file));
        }
        running.put(use.callId(), r);
    }

    /** The call has its consent and runs: in progress. */
    AcpSchema.ToolCallUpdateNotification running(ToolUse use) {
        return update(use.callId(), AcpSchema.ToolCallStatus.IN_PROGRESS, null, null);
    }

    /** Output of a running command: its last part, at most every quarter second; null when not now. */
    AcpSchema.ToolCallUpdateNotification output(ToolUse use, byte[] bytes) {
        Running r = running.computeIfAbsent(use.callId(), id -> new Running());
        r.output.write(bytes, 0, bytes.length);
        long now = clock.getAsLong();
        if (r.lastSent != Long.MIN_VALUE && now - r.lastSent < OUTPUT_EVERY_NANOS) {
            return null;
        }
        r.lastSent = now;
        byte[] all = r.output.toByteArray();
        int from = Math.max(0, all.length - OUTPUT_TAIL);
        String tail = new String(all, from, all.length - from, StandardCharsets.UTF_8);
        return update(use.callId(), AcpSchema.ToolCallStatus.IN_PROGRESS, List.of(text(fenced(tail))), null);
    }

    /** The call's result: completed or failed, with the file's change or the command's output. */
    AcpSchema.ToolCallUpdateNotification finished(ToolUse use, ToolResult result) {
        Running r = running.remove(use.callId());
        List<AcpSchema.ToolCallContent> content = new ArrayList<>();
        Path file = changesAFile(use.tool()) ? file(use) : null;
        if (!result.isError() && file != null && r != null && r.oldKnown) {
            String newText = textOf(file);
            if (newText != null) {
                content.add(new AcpSchema.ToolCallDiff("diff", file.toString(), r.oldText, newText));
            }
        }
        if (!result.output().isBlank()) {
            content.add(text(kind(use.tool()) == AcpSchema.ToolKind.EXECUTE || result.isError()
                    ? fenced(result.output()) : result.output()));
        }
        Map<String, Object> raw = new LinkedHashMap<>();
        raw.put("output", result.output());
        raw.put("isError", result.isError());
        if (result.code() != null) {
            raw.put("errorCode", result.code().code());
        }
        return update(use.callId(), result.isError() ? AcpSchema.ToolCallStatus.FAILED
                : AcpSchema.ToolCallStatus.COMPLETED, content, raw);
    }

    private static AcpSchema.ToolCallUpdateNotification update(String id, AcpSchema.ToolCallStatus status,
            List<AcpSchema.ToolCallContent> content, Object rawOutput) {
        return new AcpSchema.ToolCallUpdateNotification("tool_call_update", id, null, null, status, content, null,
                null, rawOutput, null);
    }

    /** The file a file tool names, in the workspace; null for other tools. */
    private Path file(ToolUse use) {
        if (!changesAFile(use.tool()) && !use.tool().equals("read")) {
            return null;
        }
        String path = CallTitle.of(use).argument();
        if (path == null || path.isBlank()) {
            return null;
        }
        try {
            return workspace.root().resolve(path.startsWith("~/") ? System.getProperty("user.home") + path.substring(1) : path)
                    .normalize();
        } catch (RuntimeException e) {
            return null;
        }
    }

    private List<AcpSchema.ToolCallLocation> locations(ToolUse use) {
        Path file = file(use);
        return file == null ? null : List.of(new AcpSchema.ToolCallLocation(file.toString(), null));
    }

    /** The call's arguments by name, as its tool declares them (an MCP tool's as given). */
    private static Object input(ToolUse use) {
        return BuiltinTools.catalog().resolve(use.tool()).map(spec -> {
            try {
                return (Object) spec.bind(use).values();
            } catch (RuntimeException e) {
                return use.kwargs();
            }
        }).orElse(use.kwargs());
    }

    /** A file's text as the tools see it, or null when it is not there, too big or not text. */
    private String textOf(Path file) {
        return workspace.text(file, DIFF_LIMIT).orElse(null);
    }

    private static AcpSchema.ToolCallContentBlock text(String text) {
        return new AcpSchema.ToolCallContentBlock("content", new AcpSchema.TextContent(text));
    }

    /** Output shown as it is, in a fence none of its lines can close. */
    private static String fenced(String output) {
        String fence = "`".repeat(MarkdownDialect.fenceLength(output));
        return fence + "\n" + output + (output.endsWith("\n") ? "" : "\n") + fence;
    }
}
