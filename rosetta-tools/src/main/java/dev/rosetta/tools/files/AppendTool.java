package dev.rosetta.tools.files;

import java.nio.file.Path;

import dev.rosetta.core.tool.Arguments;
import dev.rosetta.core.tool.BuiltinTools;
import dev.rosetta.core.tool.ErrorCode;
import dev.rosetta.core.tool.ToolResult;
import dev.rosetta.core.tool.ToolSpec;
import dev.rosetta.tools.Preview;
import dev.rosetta.tools.Tool;
import dev.rosetta.tools.ToolContext;
import dev.rosetta.tools.ToolFailure;

/**
 * {@code append}: adds text at the end of a file, creating it and its folders if needed. The
 * text is added as it is, after a line break when the file lacked a final one; in a file whose
 * line breaks are {@code \r\n} its line breaks become {@code \r\n} too. The file's existing bytes
 * are never rewritten, so appending to a file that is not UTF-8 is safe.
 */
public final class AppendTool implements Tool {

    /**
     * @param addition what goes at the end, with the line break the file lacked, if it did
     */
    private record Plan(CurrentFile before, String content, String addition) {

        boolean addsLineBreak() {
            return addition.length() > content.length();
        }
    }

    @Override
    public ToolSpec spec() {
        return BuiltinTools.APPEND;
    }

    @Override
    public Preview preview(Arguments args, ToolContext context) throws ToolFailure {
        Plan plan = plan(args, Workspace.of(context));
        CurrentFile before = plan.before();
        return new Preview.FileChange(before.shown(), before.diffTo(before.text() + plan.addition()), !before.exists());
    }

    @Override
    public ToolResult run(Arguments args, ToolContext context) throws ToolFailure {
        Workspace workspace = Workspace.of(context);
        Plan plan = plan(args, workspace);
        CurrentFile before = plan.before();
        Path createdFolder = before.write(workspace, context.writes(), "append to",
                (ws, path) -> ws.append(path, before.content().encodeFragment(plan.addition())));
        String lines = Lines.counted(Lines.count(plan.content()));
        String how = !before.exists() ? "created"
                : "now " + Lines.counted(Lines.count(before.text() + plan.addition()))
                        + (plan.addsLineBreak() ? "; a line break was added first, as the file lacked a final one" : "");
        return ToolResult.ok("Appended " + lines + " to " + before.shown() + " (" + how + ")"
                + (createdFolder == null ? "" : "; created the folder " + workspace.show(createdFolder)));
    }

    private static Plan plan(Arguments args, Workspace workspace) throws ToolFailure {
        Path path = workspace.resolve(args.require("path"));
        String content = TextFile.normalize(args.require("content"));
        if (content.isEmpty()) {
            throw new ToolFailure(ErrorCode.INVALID_ARGS, "the content is empty, so there is nothing to append");
        }
        Placeholders.refuseIn(content, path.getFileName() == null ? "" : path.getFileName().toString(), "append");
        CurrentFile before = CurrentFile.load(path, workspace, "append");
        String text = before.text();
        boolean needsBreak = !text.isEmpty() && !text.endsWith("\n");
        return new Plan(before, content, needsBreak ? "\n" + content : content);
    }
}
