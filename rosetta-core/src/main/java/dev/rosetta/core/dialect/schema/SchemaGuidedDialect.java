package dev.rosetta.core.dialect.schema;

import java.util.LinkedHashMap;
import java.util.Map;

import dev.rosetta.core.dialect.Dialect;
import dev.rosetta.core.dialect.NativePrompt;
import dev.rosetta.core.dialect.ReportedDrift;
import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.dialect.attool.AtToolDialect;
import dev.rosetta.core.json.Json;
import dev.rosetta.core.split.Input;
import dev.rosetta.core.split.Reader;
import dev.rosetta.core.tool.ToolCatalog;
import dev.rosetta.core.tool.ToolSpec;
import dev.rosetta.core.tool.ToolUse;

/**
 * The calls Rosetta recognises by the declared tools' own schemas, in a wrapper no dialect
 * describes ({@code <TOOLCALL>[{…}]</TOOLCALL>}, {@code <|action_start|>{…}<|action_end|>}) or as a
 * whole reply of JSON: how a family it was never told about is read. Not a format a model is asked
 * for; its segments are named {@code schema}.
 */
public final class SchemaGuidedDialect implements Dialect {

    public static final SchemaGuidedDialect INSTANCE = new SchemaGuidedDialect();

    private SchemaGuidedDialect() {}

    @Override
    public String name() {
        return "schema";
    }

    @Override
    public String toString() {
        return name();
    }

    @Override
    public Reader reader(ToolCatalog tools) {
        return new SchemaGuidedReader(tools);
    }

    /**
     * In a conversation that asked for a format, a bare object or list that is the whole reply is
     * reported, not run (as a bare llama3 object is): a model asked for another format shows JSON
     * to the user. What stands in markup runs in every format, and a bare reply runs where bare JSON
     * calls were asked for (llama3).
     */
    @Override
    public Reader driftReader(Dialect asked, ToolCatalog tools) {
        if (asked == ToolFormat.LLAMA3.dialect()) {
            return reader(tools);
        }
        return new ReportedDrift(reader(tools), SchemaGuidedDialect::bareAt, "a reply of only a JSON call is read"
                + " as a call only when no format was asked for (in this conversation it may be JSON for the user),"
                + " so it was not run; call the tool as this conversation's instructions show");
    }

    private static boolean bareAt(Input in, int at) {
        int i = at;
        while (in.has(i) && (in.charAt(i) == ' ' || in.charAt(i) == '\t')) {
            i++;
        }
        return in.has(i) && (in.charAt(i) == '{' || in.charAt(i) == '[' && Wrapping.tokenAt(in, i, false) <= 0);
    }

    /** The call as a bare JSON object, the shape every family that writes JSON shares. */
    @Override
    public String write(ToolUse use, ToolSpec spec) {
        Map<String, Object> call = new LinkedHashMap<>();
        call.put("name", spec.name());
        call.put("arguments", AtToolDialect.named(use, spec));
        return Json.write(call);
    }

    @Override
    public String describe(ToolSpec spec) {
        return NativePrompt.describe(this, spec, NativePrompt.functionJson(spec));
    }

    @Override
    public String callingConvention() {
        return "To call a tool, reply with only a JSON object {\"name\": NAME, \"arguments\": {ARGUMENTS}} whose"
                + " arguments follow the tool's parameters; its result comes back to you in the next message.";
    }
}
