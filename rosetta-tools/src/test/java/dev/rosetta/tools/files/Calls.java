package dev.rosetta.tools.files;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import dev.rosetta.core.tool.Arguments;
import dev.rosetta.core.tool.BuiltinTools;
import dev.rosetta.core.tool.ToolResult;
import dev.rosetta.core.tool.ToolUse;
import dev.rosetta.tools.Confirmation;
import dev.rosetta.tools.Preview;
import dev.rosetta.tools.Tool;
import dev.rosetta.tools.ToolContext;
import dev.rosetta.tools.ToolFailure;
import dev.rosetta.tools.Toolbox;

/**
 * Calls the file tools on a real folder the way a conversation does: a markdown-shaped call
 * ({@code ```save path} + body) bound by the tool's declaration and run through the
 * {@link Toolbox} (preview, confirmation, run, failures turned into results).
 */
final class Calls {

    final Path dir;
    final ToolContext context;
    private final Toolbox toolbox;

    Calls(Path dir) {
        this(ToolContext.in(dir));
    }

    Calls(ToolContext context) {
        this.dir = context.workspace();
        this.context = context;
        this.toolbox = new Toolbox(FileTools.all(), context, Confirmation.ALWAYS);
    }

    Calls confined() {
        return new Calls(context.confined(true));
    }

    ToolResult call(String tool, String path, String body) throws InterruptedException {
        return toolbox.execute(new ToolUse(tool, List.of(path), body, Map.of(), null));
    }

    ToolResult save(String path, String content) throws InterruptedException {
        return call("save", path, content);
    }

    ToolResult append(String path, String content) throws InterruptedException {
        return call("append", path, content);
    }

    ToolResult patch(String path, String patch) throws InterruptedException {
        return call("patch", path, patch);
    }

    ToolResult read(String path) throws InterruptedException {
        return call("read", path, null);
    }

    ToolResult read(String path, String lines) throws InterruptedException {
        return call("read", path, lines);
    }

    Preview preview(String tool, String path, String body) throws ToolFailure {
        Tool t = toolbox.tool(tool).orElseThrow();
        return t.preview(args(tool, path, body), context);
    }

    static Arguments args(String tool, String path, String body) {
        var spec = BuiltinTools.ALL.stream().filter(s -> s.name().equals(tool)).findFirst().orElseThrow();
        return spec.bind(new ToolUse(tool, List.of(path), body, Map.of(), null));
    }

    Path write(String relative, String content) throws IOException {
        Path p = dir.resolve(relative);
        Files.createDirectories(p.getParent());
        return Files.writeString(p, content, StandardCharsets.UTF_8);
    }

    String text(String relative) throws IOException {
        return Files.readString(dir.resolve(relative), StandardCharsets.UTF_8);
    }

    static String hunk(String original, String updated) {
        return "<<<<<<< ORIGINAL\n" + original + "=======\n" + updated + ">>>>>>> UPDATED\n";
    }

    /** Whether a file without permissions is unreadable here (it is not to root). */
    static boolean permissionsBite(Path dir) throws IOException {
        Path probe = Files.writeString(dir.resolve(".permission-probe"), "x");
        Files.setPosixFilePermissions(probe, java.util.Set.of());
        try {
            Files.readAllBytes(probe);
            return false;
        } catch (java.nio.file.AccessDeniedException e) {
            return true;
        } finally {
            Files.delete(probe);
        }
    }
}
