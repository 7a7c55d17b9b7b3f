package dev.rosetta.core.dialect.harmony;

import java.util.List;
import java.util.stream.Collectors;

import dev.rosetta.core.dialect.Dialect;
import dev.rosetta.core.dialect.NativePrompt;
import dev.rosetta.core.dialect.TypeScriptDeclaration;
import dev.rosetta.core.dialect.attool.AtToolDialect;
import dev.rosetta.core.json.Json;
import dev.rosetta.core.split.Reader;
import dev.rosetta.core.tool.ToolCatalog;
import dev.rosetta.core.tool.ToolSpec;
import dev.rosetta.core.tool.ToolUse;

/**
 * OpenAI's harmony format (gpt-oss): messages on channels, a call being a message addressed
 * {@code to=functions.NAME} whose content is its JSON arguments, ended by {@code <|call|>}. The
 * analysis channel is thinking, the final channel (and a commentary preamble) prose. Tools are
 * declared as harmony declares them: TypeScript-like types in a {@code functions} namespace.
 */
public final class HarmonyDialect implements Dialect {

    public static final HarmonyDialect INSTANCE = new HarmonyDialect();

    private HarmonyDialect() {}

    @Override
    public String name() {
        return "harmony";
    }

    @Override
    public String toString() {
        return name();
    }

    @Override
    public Reader reader(ToolCatalog tools) {
        return new HarmonyReader(tools);
    }

    @Override
    public String write(ToolUse use, ToolSpec spec) {
        return HarmonyTokens.START + "assistant" + HarmonyTokens.CHANNEL + "commentary to=" + HarmonyTokens.FUNCTIONS
                + spec.name() + " " + HarmonyTokens.CONSTRAIN + "json" + HarmonyTokens.MESSAGE
                + Json.write(AtToolDialect.named(use, spec)) + HarmonyTokens.CALL;
    }

    @Override
    public String describe(ToolSpec spec) {
        return NativePrompt.describe(this, spec, "namespace functions {\n\n" + TypeScriptDeclaration.of(spec)
                + "\n\n} // namespace functions");
    }

    @Override
    public String describeTools(List<ToolSpec> tools) {
        String declarations = tools.stream().map(TypeScriptDeclaration::of).collect(Collectors.joining("\n\n"));
        String notes = tools.stream().map(this::notes).filter(n -> !n.isEmpty()).collect(Collectors.joining("\n\n"));
        return "# Tools\n\n" + callingConvention() + "\n\n## functions\n\nnamespace functions {\n\n" + declarations
                + "\n\n} // namespace functions" + (notes.isEmpty() ? "" : "\n\n# Tool notes\n\n" + notes);
    }

    /** A tool's instructions and examples, which the namespace has no place for. */
    private String notes(ToolSpec spec) {
        String usage = NativePrompt.usage(this, spec);
        return usage.isEmpty() ? "" : "## " + spec.name() + "\n\n" + usage;
    }

    @Override
    public String callingConvention() {
        return """
                Calls to these tools must go to the commentary channel: 'functions'. To call one, write a \
                message addressed to it whose content is its arguments as JSON: \
                <|start|>assistant<|channel|>commentary to=functions.NAME <|constrain|>json<|message|>\
                {"argument": "value"}<|call|>. Think on the analysis channel and give your answer on the \
                final channel. A call runs when its message ends, and its result comes back to you in the \
                next message.""";
    }
}
