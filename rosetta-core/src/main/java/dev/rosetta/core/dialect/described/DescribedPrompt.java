package dev.rosetta.core.dialect.described;

import java.util.List;
import java.util.stream.Collectors;

import dev.rosetta.core.dialect.FunctionSchema;
import dev.rosetta.core.dialect.NativePrompt;
import dev.rosetta.core.dialect.ToolNotes;
import dev.rosetta.core.dialect.TypeScriptDeclaration;
import dev.rosetta.core.tool.Example;
import dev.rosetta.core.tool.ToolSpec;
import dev.rosetta.core.tool.ToolUse;

/**
 * The tools part of the system prompt of a described dialect: the declarations listed as its
 * models' chat template lists them, then how to call, then each tool's instructions and
 * examples with the calls spelled by the dialect's writer.
 */
final class DescribedPrompt {

    private DescribedPrompt() {}

    static String tools(DescribedDialect dialect, List<ToolSpec> tools) {
        Prompt prompt = dialect.description().prompt();
        return switch (prompt.listing()) {
            case JSON_LINES -> "# Tools\n\n" + intro(prompt) + FunctionSchema.toolsBlock(tools) + "\n\n"
                    + convention(dialect) + notes(dialect, tools);
            case XML_FUNCTIONS -> "# Tools\n\n" + intro(prompt) + "<tools>\n" + tools.stream()
                    .map(XmlFunctionDeclaration::of).collect(Collectors.joining("\n")) + "\n</tools>\n\n"
                    + convention(dialect) + notes(dialect, tools);
            case TYPESCRIPT -> "# Tools\n\n" + intro(prompt) + "namespace functions {\n\n"
                    + tools.stream().map(TypeScriptDeclaration::of).collect(Collectors.joining("\n\n"))
                    + "\n\n} // namespace functions\n\n" + convention(dialect) + notes(dialect, tools);
            case OBJECT -> "# Tools\n\n" + intro(prompt) + tools.stream().map(t -> ObjectDeclaration.of(dialect, t))
                    .collect(Collectors.joining("\n")) + "\n\n" + convention(dialect) + notes(dialect, tools);
            case FUNCTION_JSON -> "# Tools\n\n" + intro(prompt) + convention(dialect) + "\n\n"
                    + tools.stream().map(t -> describe(dialect, t)).collect(Collectors.joining("\n\n"));
        };
    }

    static String describe(DescribedDialect dialect, ToolSpec spec) {
        return switch (dialect.description().prompt().listing()) {
            case JSON_LINES -> withNotes(FunctionSchema.toolsBlock(List.of(spec)), dialect, spec);
            case XML_FUNCTIONS -> withNotes("<tools>\n" + XmlFunctionDeclaration.of(spec) + "\n</tools>", dialect, spec);
            case TYPESCRIPT -> withNotes("namespace functions {\n\n" + TypeScriptDeclaration.of(spec)
                    + "\n\n} // namespace functions", dialect, spec);
            case OBJECT -> withNotes(ObjectDeclaration.of(dialect, spec), dialect, spec);
            case FUNCTION_JSON -> NativePrompt.describe(dialect, spec, NativePrompt.functionJson(spec));
        };
    }

    /** The description's convention, or one made from a call the dialect writes. */
    static String convention(DescribedDialect dialect) {
        String written = dialect.description().prompt().convention();
        if (!written.isEmpty()) {
            return written;
        }
        ToolSpec example = new ToolSpec("get_weather", "", "", List.of(
                dev.rosetta.core.tool.Parameter.named("city", "string", "", true)), null, null, List.<Example>of());
        String call = dialect.write(ToolUse.named("get_weather", java.util.Map.of("city", "Paris"), null), example);
        return "To call a tool, write the call exactly in this shape, with the tool's name and its arguments as"
                + " its declaration gives them:\n" + call + "\nA call runs when it is complete; its result comes back"
                + " to you in the next message.";
    }

    private static String intro(Prompt prompt) {
        return prompt.intro().isEmpty() ? "" : prompt.intro() + "\n";
    }

    private static String withNotes(String declaration, DescribedDialect dialect, ToolSpec spec) {
        String notes = ToolNotes.of(spec, dialect);
        return declaration + (notes.isEmpty() ? "" : "\n\n" + notes);
    }

    /** The tools' instructions and examples under a heading of their own, or nothing. */
    private static String notes(DescribedDialect dialect, List<ToolSpec> tools) {
        String notes = tools.stream().map(t -> ToolNotes.of(t, dialect)).filter(n -> !n.isEmpty())
                .collect(Collectors.joining("\n\n"));
        return notes.isEmpty() ? "" : "\n\n# How to use each tool\n\n" + notes;
    }
}
