package dev.rosetta.core.dialect.deepseek;

import dev.rosetta.core.dialect.Dialect;
import dev.rosetta.core.dialect.NativePrompt;
import dev.rosetta.core.dialect.attool.AtToolDialect;
import dev.rosetta.core.json.Json;
import dev.rosetta.core.split.Reader;
import dev.rosetta.core.tool.ToolCatalog;
import dev.rosetta.core.tool.ToolSpec;
import dev.rosetta.core.tool.ToolUse;

/**
 * DeepSeek's native calls: the V3/R1 section ({@code <｜tool▁call▁begin｜>function<｜tool▁sep｜>NAME}
 * and a {@code ```json} fence), the V3.1 form ({@code NAME<｜tool▁sep｜>{json}}) it writes, and
 * V3.2's DSML ({@code <｜DSML｜invoke name=…>}). Tools are declared as V3.1's template does: a
 * description and the parameters' JSON schema per tool.
 */
public final class DeepSeekDialect implements Dialect {

    public static final DeepSeekDialect INSTANCE = new DeepSeekDialect();

    private DeepSeekDialect() {}

    @Override
    public String name() {
        return "deepseek";
    }

    @Override
    public String toString() {
        return name();
    }

    @Override
    public Reader reader(ToolCatalog tools) {
        return new DeepSeekReader(tools);
    }

    @Override
    public String write(ToolUse use, ToolSpec spec) {
        return DeepSeekTokens.SECTION_BEGIN + DeepSeekTokens.CALL_BEGIN + spec.name() + DeepSeekTokens.SEPARATOR
                + Json.write(AtToolDialect.named(use, spec)) + DeepSeekTokens.CALL_END + DeepSeekTokens.SECTION_END;
    }

    @Override
    public String describe(ToolSpec spec) {
        String declaration = "Description: " + spec.description() + "\n\nParameters: " + Json.write(spec.jsonSchema());
        return NativePrompt.describe(this, spec, declaration);
    }

    @Override
    public String callingConvention() {
        return "You can call the tools below. To call them, write exactly this, with no text in between: "
                + DeepSeekTokens.SECTION_BEGIN + DeepSeekTokens.CALL_BEGIN + "TOOL_NAME" + DeepSeekTokens.SEPARATOR
                + "{\"argument\": \"value\"}" + DeepSeekTokens.CALL_END + "{more calls}" + DeepSeekTokens.SECTION_END
                + " — TOOL_NAME is exactly one of the tools' names, and the arguments are one valid JSON object"
                + " that follows the tool's Parameters schema. Write more calls as further "
                + DeepSeekTokens.CALL_BEGIN + "…" + DeepSeekTokens.CALL_END + " pairs in the same section. Each"
                + " call runs as soon as its " + DeepSeekTokens.CALL_END + " arrives, and the results come back"
                + " to you in the next message.";
    }
}
