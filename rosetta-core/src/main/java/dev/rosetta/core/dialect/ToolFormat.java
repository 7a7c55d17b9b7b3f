package dev.rosetta.core.dialect;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.stream.Collectors;

import dev.rosetta.core.dialect.attool.AtToolDialect;
import dev.rosetta.core.dialect.cline.ClineDialect;
import dev.rosetta.core.dialect.deepseek.DeepSeekDialect;
import dev.rosetta.core.dialect.harmony.HarmonyDialect;
import dev.rosetta.core.dialect.described.BuiltinDialects;
import dev.rosetta.core.dialect.schema.SchemaGuidedDialect;
import dev.rosetta.core.dialect.toolblock.ContinueDialect;
import dev.rosetta.core.dialect.llama3.Llama3Dialect;
import dev.rosetta.core.dialect.markdown.MarkdownDialect;
import dev.rosetta.core.dialect.mistral.MistralDialect;
import dev.rosetta.core.dialect.xml.XmlDialect;
import dev.rosetta.core.split.Reader;
import dev.rosetta.core.tool.ToolCatalog;

/**
 * The format a session asks the model to use: how the tools are described and how calls in the
 * history are spelled — not what is read. Every format reads every dialect: its own dialect's
 * reader first, then every other dialect's {@link Dialect#driftReader} in the order below, so an
 * unambiguous call runs whatever dialect it is written in and ambiguous drift is reported. This
 * is where a new dialect is registered: one constant.
 */
public enum ToolFormat {

    /** Fenced blocks. */
    MARKDOWN("markdown", () -> MarkdownDialect.INSTANCE),
    /** {@code <tool-use>} and {@code <function_calls>}; a fenced block is code for the user, as in every format but markdown. */
    XML("xml", () -> XmlDialect.INSTANCE),
    /** Native tool calls, written into the transcript as {@code @tool(id): {json}}. */
    TOOL("tool", () -> AtToolDialect.INSTANCE),
    /** {@code <tool_call>{"name": …, "arguments": …}</tool_call>} in text (Hermes, Qwen 2.5/3). */
    HERMES("hermes", () -> BuiltinDialects.named("hermes")),
    /** {@code <tool_call><function=NAME><parameter=K>…} in text (Qwen3-Coder; also MiniMax-M2's {@code <invoke>}). */
    QWEN3_CODER("qwen3-coder", () -> BuiltinDialects.named("qwen3-coder")),
    /** {@code <tool_call>NAME<arg_key>K</arg_key><arg_value>V</arg_value>} in text (GLM-4.5 to 4.7). */
    GLM("glm", () -> BuiltinDialects.named("glm")),
    /** Mistral's {@code [TOOL_CALLS]NAME[ARGS]{json}} (and the older JSON list). */
    MISTRAL("mistral", () -> MistralDialect.INSTANCE),
    /** Llama 3's {@code {"name": …, "parameters": {…}}} objects. */
    LLAMA3("llama3", () -> Llama3Dialect.INSTANCE),
    /** Python call lists, {@code [f(a='x')]} (Llama 3.2 pythonic, Llama 4). */
    PYTHONIC("pythonic", () -> BuiltinDialects.named("pythonic")),
    /** DeepSeek's {@code <｜tool▁calls▁begin｜>} sections and V3.2's DSML. */
    DEEPSEEK("deepseek", () -> DeepSeekDialect.INSTANCE),
    /** Kimi K2's {@code <|tool_calls_section_begin|>} sections. */
    KIMI("kimi", () -> BuiltinDialects.named("kimi")),
    /** OpenAI harmony (gpt-oss): calls are messages {@code to=functions.NAME}. */
    HARMONY("harmony", () -> HarmonyDialect.INSTANCE),
    /** Cohere Command's {@code <|START_ACTION|>[{"tool_name": …, "parameters": …}]<|END_ACTION|>}. */
    COHERE("cohere", () -> BuiltinDialects.named("cohere")),
    /** InternLM's {@code <|action_start|><|plugin|>{…}<|action_end|>}. */
    INTERNLM("internlm", () -> BuiltinDialects.named("internlm")),
    /** Phi-4-mini's {@code functools[{…}]}. */
    PHI4_MINI("phi4-mini", () -> BuiltinDialects.named("phi4-mini")),
    /** Apertus' {@code <|tools_prefix|>[{"NAME": {…}}]<|tools_suffix|>}. */
    APERTUS("apertus", () -> BuiltinDialects.named("apertus")),
    /** Functionary's {@code >>>NAME} (v3) and {@code <|recipient|>NAME} (v2) calls. */
    FUNCTIONARY("functionary", () -> BuiltinDialects.named("functionary")),
    /** Seed-OSS's {@code <seed:tool_call><function=NAME><parameter=K>}, reasoning in {@code <seed:think>}. */
    SEED_OSS("seed-oss", () -> BuiltinDialects.named("seed-oss")),
    /** Step-3's {@code <｜tool_call_begin｜>function<｜tool_sep｜><steptml:invoke name="NAME">}. */
    STEP3("step3", () -> BuiltinDialects.named("step3")),
    /** LFM2's {@code <|tool_call_start|>[f(a=1)]<|tool_call_end|>}, or a JSON list there. */
    LFM2("lfm2", () -> BuiltinDialects.named("lfm2")),
    /** Gemma 4's {@code <|tool_call>call:NAME{k:<|"|>v<|"|>}<tool_call|>}, reasoning in {@code <|channel>thought}. */
    GEMMA4("gemma4", () -> BuiltinDialects.named("gemma4")),
    /** FunctionGemma's {@code <start_function_call>call:NAME{k:<escape>v<escape>}<end_function_call>}. */
    FUNCTIONGEMMA("functiongemma", () -> BuiltinDialects.named("functiongemma")),
    /** ReAct's {@code Action: NAME} / {@code Action Input: {json}} lines (LangChain, LlamaIndex, CrewAI, smolagents). */
    REACT("react", () -> BuiltinDialects.named("react")),
    /** Cline's and Roo Code's {@code <read_file><path>…</path></read_file>}: the tool's element, a child per parameter. */
    CLINE("cline", () -> ClineDialect.INSTANCE);

    private final String id;
    private final Supplier<Dialect> dialect;

    ToolFormat(String id, Supplier<Dialect> dialect) {
        this.id = id;
        this.dialect = dialect;
    }

    /** The dialect this format writes and describes tools in. */
    public Dialect dialect() {
        return dialect.get();
    }

    /**
     * The dialect named {@code name} ({@link Dialect#name()}), among the dialects of every format:
     * how a stored segment finds the dialect it was read in.
     */
    public static Optional<Dialect> dialectNamed(String name) {
        if (SchemaGuidedDialect.INSTANCE.name().equals(name)) {
            return Optional.of(SchemaGuidedDialect.INSTANCE);
        }
        Optional<Dialect> family = readOnly().stream().filter(d -> d.name().equals(name)).findFirst();
        if (family.isPresent()) {
            return family;
        }
        return Arrays.stream(values()).map(ToolFormat::dialect).filter(d -> d.name().equals(name)).findFirst();
    }

    /** The readers of this format, highest priority first: its own dialect's, then every other's as drift. */
    public List<Reader> readers(ToolCatalog tools) {
        return readers(dialect(), tools, List.of());
    }

    /**
     * The same, with dialects the user described ({@code [[dialects]]}) read as drift after the
     * built-in ones: a user's entry adds spellings, it never changes how a built-in one reads.
     */
    public List<Reader> readers(ToolCatalog tools, List<? extends Dialect> added) {
        return readers(dialect(), tools, added);
    }

    /**
     * The readers of a conversation that asked for {@code asked} — a format's dialect or one of
     * {@code added} — highest priority first: its own reader, then every other dialect's drift
     * reader (built-in, then added), then the families read but never asked for ({@link #readOnly}),
     * then schema-guided recognition.
     */
    public static List<Reader> readers(Dialect asked, ToolCatalog tools, List<? extends Dialect> added) {
        List<Reader> out = new ArrayList<>();
        out.add(asked.reader(tools));
        for (ToolFormat f : values()) {
            if (f.dialect() != asked) {
                out.add(f.dialect().driftReader(asked, tools));
            }
        }
        for (Dialect d : added) {
            if (d != asked) {
                out.add(d.driftReader(asked, tools));
            }
        }
        readOnly().stream().filter(d -> d != asked).forEach(d -> out.add(d.driftReader(asked, tools)));
        out.add(SchemaGuidedDialect.INSTANCE.driftReader(asked, tools));
        return List.copyOf(out);
    }

    /**
     * Every dialect's own reader, none of them drift: how a message is read when no format was
     * asked for ({@code rosetta parse --format auto}). What a dialect reports only as drift in
     * another format's conversation (a bare llama3 object, a fenced call) runs here.
     */
    public static List<Reader> allReaders(ToolCatalog tools) {
        return allReaders(tools, List.of());
    }

    /** The same, with the user's described dialects' own readers after the built-in ones. */
    public static List<Reader> allReaders(ToolCatalog tools, List<? extends Dialect> added) {
        List<Reader> out = new ArrayList<>();
        Arrays.stream(values()).map(f -> f.dialect().reader(tools)).forEach(out::add);
        added.stream().map(d -> d.reader(tools)).forEach(out::add);
        readOnly().forEach(d -> out.add(d.reader(tools)));
        out.add(SchemaGuidedDialect.INSTANCE.reader(tools));
        return List.copyOf(out);
    }

    /**
     * The dialects read in every format that no format asks for: Continue's tool block, and the
     * families described in {@code families.toml}. They come after every format's readers and a
     * user's, so they add spellings and never change how a format's own dialect reads.
     */
    public static List<Dialect> readOnly() {
        List<Dialect> out = new ArrayList<>();
        out.add(ContinueDialect.INSTANCE);
        out.addAll(BuiltinDialects.families());
        return List.copyOf(out);
    }

    /** The name users type: markdown, xml, tool, hermes, qwen3-coder, glm, mistral, llama3, pythonic, deepseek, kimi, harmony. */
    public String id() {
        return id;
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
