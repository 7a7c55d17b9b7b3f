package dev.rosetta.core.dialect;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

import dev.rosetta.core.dialect.attool.AtToolDialect;
import dev.rosetta.core.dialect.deepseek.DeepSeekDialect;
import dev.rosetta.core.dialect.harmony.HarmonyDialect;
import dev.rosetta.core.dialect.kimi.KimiDialect;
import dev.rosetta.core.dialect.llama3.Llama3Dialect;
import dev.rosetta.core.dialect.markdown.MarkdownDialect;
import dev.rosetta.core.dialect.mistral.MistralDialect;
import dev.rosetta.core.dialect.pythonic.PythonicDialect;
import dev.rosetta.core.dialect.xml.XmlDialect;
import dev.rosetta.core.split.Reader;
import dev.rosetta.core.tool.ToolCatalog;

/**
 * The format a session asks the model to use, and so which readers run, in which order
 * (@tool → xml → markdown; a native dialect's own reader first, then @tool and markdown). This
 * is where a new dialect is registered.
 */
public enum ToolFormat {

    /** Fenced blocks. */
    MARKDOWN,
    /** {@code <tool-use>} and {@code <function_calls>}; fenced calls are reported, not run. */
    XML,
    /** Native tool calls, written into the transcript as {@code @tool(id): {json}}; fences still run. */
    TOOL,
    /** Mistral's {@code [TOOL_CALLS]NAME[ARGS]{json}} (and the older JSON list). */
    MISTRAL,
    /** Llama 3's {@code {"name": …, "parameters": {…}}} objects. */
    LLAMA3,
    /** Python call lists, {@code [f(a='x')]} (Llama 3.2 pythonic, Llama 4). */
    PYTHONIC,
    /** DeepSeek's {@code <｜tool▁calls▁begin｜>} sections and V3.2's DSML. */
    DEEPSEEK,
    /** Kimi K2's {@code <|tool_calls_section_begin|>} sections. */
    KIMI,
    /** OpenAI harmony (gpt-oss): calls are messages {@code to=functions.NAME}. */
    HARMONY;

    /** The dialect this format writes and describes tools in. */
    public Dialect dialect() {
        return switch (this) {
            case MARKDOWN -> MarkdownDialect.INSTANCE;
            case XML -> XmlDialect.INSTANCE;
            case TOOL -> AtToolDialect.INSTANCE;
            case MISTRAL -> MistralDialect.INSTANCE;
            case LLAMA3 -> Llama3Dialect.INSTANCE;
            case PYTHONIC -> PythonicDialect.INSTANCE;
            case DEEPSEEK -> DeepSeekDialect.INSTANCE;
            case KIMI -> KimiDialect.INSTANCE;
            case HARMONY -> HarmonyDialect.INSTANCE;
        };
    }

    /** The readers of this format, highest priority first. */
    public List<Reader> readers(ToolCatalog tools) {
        return switch (this) {
            case MARKDOWN -> List.of(MarkdownDialect.INSTANCE.reader(tools));
            case XML -> List.of(XmlDialect.INSTANCE.reader(tools), MarkdownDialect.INSTANCE.reporterForXml(tools));
            case TOOL -> List.of(AtToolDialect.INSTANCE.reader(tools), MarkdownDialect.INSTANCE.reader(tools));
            case MISTRAL, LLAMA3, PYTHONIC, DEEPSEEK, KIMI, HARMONY -> List.of(dialect().reader(tools),
                    AtToolDialect.INSTANCE.reader(tools), MarkdownDialect.INSTANCE.reader(tools));
        };
    }

    /** The name users type: markdown, xml, tool, mistral, llama3, pythonic, deepseek, kimi, harmony. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The format named {@code id}; the error names the valid ones. */
    public static ToolFormat of(String id) {
        for (ToolFormat f : values()) {
            if (f.id().equalsIgnoreCase(id.strip())) {
                return f;
            }
        }
        throw new IllegalArgumentException("unknown tool format '" + id + "'; use one of "
                + Arrays.stream(values()).map(ToolFormat::id).collect(Collectors.joining(", ")));
    }
}
