package dev.rosetta.core.dialect;

import java.util.List;
import java.util.stream.Collectors;

import dev.rosetta.core.split.Reader;
import dev.rosetta.core.tool.ToolCatalog;
import dev.rosetta.core.tool.ToolSpec;
import dev.rosetta.core.tool.ToolUse;

/**
 * One way to spell a tool call: markdown fences, xml tags, {@code @tool} JSON. A dialect reads
 * its spelling (as one reader of the cascade), writes calls in it, and describes tools in it.
 * Implementations are stateless singletons, so segments can name them and compare equal.
 */
public interface Dialect {

    /** The dialect's name: markdown, xml, tool, or a native dialect's (mistral, kimi, harmony, …). */
    String name();

    /** The cascade reader for this dialect over the given tools. */
    Reader reader(ToolCatalog tools);

    /**
     * The reader for this dialect when the model was asked for {@code asked} and drifted into
     * this one. Every format reads every dialect, and an unambiguous call runs whatever dialect
     * it is in, so by default this is {@link #reader}. A dialect with spellings that may be an
     * example for the user in another format's conversation (a bare JSON object) reports those
     * instead of running them ({@link ReportedDrift}), or reads them as prose (a fenced block).
     */
    default Reader driftReader(Dialect asked, ToolCatalog tools) {
        return reader(tools);
    }

    /** How this dialect spells {@code use} of {@code spec}; reading the result gives the same call back. */
    String write(ToolUse use, ToolSpec spec);

    /** One tool's description, instructions and examples in this dialect. */
    String describe(ToolSpec spec);

    /** How to call tools in this dialect, in a few sentences for the system prompt. */
    String callingConvention();

    /** The tools part of the system prompt: the calling convention and every tool. */
    default String describeTools(List<ToolSpec> tools) {
        return "# Tools\n\n" + callingConvention() + "\n\n"
                + tools.stream().map(this::describe).collect(Collectors.joining("\n\n"));
    }

    /** A whole system prompt: the assistant's role, then the tools. */
    default String systemPrompt(String role, List<ToolSpec> tools) {
        return role.strip() + "\n\n" + describeTools(tools);
    }
}
