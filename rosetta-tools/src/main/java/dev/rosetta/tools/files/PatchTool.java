package dev.rosetta.tools.files;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

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
 * {@code patch}: applies ORIGINAL/UPDATED hunks to a file, all of them or none, and writes the
 * result atomically. The file keeps its line breaks ({@code \r\n}), byte order mark, missing
 * final line break and permissions. A file that is not UTF-8 is refused rather than mangled.
 * The preview fails exactly as the run would.
 */
public final class PatchTool implements Tool {

    private record Plan(CurrentFile before, List<Hunk> hunks, Patcher.Patched patched) {}

    @Override
    public ToolSpec spec() {
        return BuiltinTools.PATCH;
    }

    @Override
    public Preview preview(Arguments args, ToolContext context) throws ToolFailure {
        Plan plan = plan(args, Workspace.of(context));
        return new Preview.FileChange(plan.before().shown(), plan.before().diffTo(plan.patched().text()), false);
    }

    @Override
    public ToolResult run(Arguments args, ToolContext context) throws ToolFailure {
        Workspace workspace = Workspace.of(context);
        Plan plan = plan(args, workspace);
        CurrentFile before = plan.before();
        String after = plan.patched().text();
        context.writes().aboutToWrite(before.path());
        try {
            workspace.replace(before.path(), before.content().encode(after));
        } catch (IOException e) {
            throw FileErrors.classify(e, before.path(), workspace, "write");
        }
        UnifiedDiff.Stat stat = UnifiedDiff.stat(before.text(), after);
        int hunks = plan.hunks().size();
        StringBuilder result = new StringBuilder("Patched ").append(before.shown()).append(": ")
                .append(hunks).append(hunks == 1 ? " hunk" : " hunks")
                .append(", +").append(stat.added()).append(" -").append(stat.removed()).append(" lines");
        plan.patched().notes().forEach(note -> result.append("\nNote: ").append(note).append('.'));
        return ToolResult.ok(result.toString());
    }

    private static Plan plan(Arguments args, Workspace workspace) throws ToolFailure {
        Path path = workspace.resolve(args.require("path"));
        List<Hunk> hunks = PatchParser.parse(args.require("patch"));
        CurrentFile before = CurrentFile.existing(path, workspace, "patch");
        if (!before.validUtf8()) {
            throw new ToolFailure(ErrorCode.EILSEQ, before.shown() + " is not valid UTF-8 text, and patching it as"
                    + " text would corrupt the bytes that are not. Change it with the shell tool, or rewrite it whole"
                    + " with save.");
        }
        Patcher.Patched patched = Patcher.apply(before.text(), hunks, before.shown());
        if (patched.text().equals(before.text())) {
            throw new ToolFailure(ErrorCode.INVALID_ARGS, "patch not applied: it would leave "
                    + before.shown() + " exactly as it is (its UPDATED lines equal what they replace, once"
                    + " re-indented). The file is unchanged.");
        }
        return new Plan(before, hunks, patched);
    }
}
