package dev.rosetta.tools.files;

import java.nio.file.Path;

import dev.rosetta.core.tool.Arguments;
import dev.rosetta.core.tool.BuiltinTools;
import dev.rosetta.core.tool.ToolResult;
import dev.rosetta.core.tool.ToolSpec;
import dev.rosetta.tools.Preview;
import dev.rosetta.tools.Tool;
import dev.rosetta.tools.ToolContext;
import dev.rosetta.tools.ToolFailure;

/**
 * {@code save}: writes a file whole, atomically, creating missing folders. A non-empty file
 * always ends with a line break (models usually leave the last one out); an existing file keeps
 * its line breaks ({@code \r\n} stays {@code \r\n}), byte order mark and permissions. Content
 * with a placeholder line is refused before anything is touched.
 */
public final class SaveTool implements Tool {

    private record Plan(CurrentFile before, String after) {}

    @Override
    public ToolSpec spec() {
        return BuiltinTools.SAVE;
    }

    @Override
    public Preview preview(Arguments args, ToolContext context) throws ToolFailure {
        Plan plan = plan(args, Workspace.of(context));
        return new Preview.FileChange(plan.before().shown(), plan.before().diffTo(plan.after()), !plan.before().exists());
    }

    @Override
    public ToolResult run(Arguments args, ToolContext context) throws ToolFailure {
        Workspace workspace = Workspace.of(context);
        Plan plan = plan(args, workspace);
        CurrentFile before = plan.before();
        Path createdFolder = before.write(workspace, context.writes(), "write",
                (ws, path) -> ws.replace(path, before.content().encode(plan.after())));
        return ToolResult.ok("Saved " + before.shown() + " (" + outcome(before, plan.after()) + ")"
                + (createdFolder == null ? "" : "; created the folder " + workspace.show(createdFolder)));
    }

    private static Plan plan(Arguments args, Workspace workspace) throws ToolFailure {
        Path path = workspace.resolve(args.require("path"));
        String content = TextFile.normalize(args.require("content"));
        Placeholders.refuseIn(content, path.getFileName() == null ? "" : path.getFileName().toString(), "save");
        CurrentFile before = CurrentFile.load(path, workspace, "save");
        String after = content.isEmpty() || content.endsWith("\n") ? content : content + "\n";
        return new Plan(before, after);
    }

    private static String outcome(CurrentFile before, String after) {
        String lines = Lines.counted(Lines.count(after));
        if (!before.exists()) {
            return lines + ", created";
        }
        if (before.validUtf8() && before.text().equals(after)) {
            return lines + ", unchanged";
        }
        return lines + ", overwritten, was " + Lines.counted(Lines.count(before.text()));
    }
}
