package dev.rosetta.llm.model;

import java.util.List;
import java.util.Objects;

import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.llm.ChatEvent;

/**
 * What Rosetta knows about one model of one provider. Every number and flag may be null, which
 * means "not recorded" — never "not supported": the registry is not a complete capability
 * matrix. Where code has to decide anyway, the {@code …OrFalse()} / {@code …OrDefault()} methods
 * name the decision.
 *
 * @param provider            the provider's name, as in {@code openai/gpt-4.1}
 * @param id                  the model id the provider's API takes (may contain '/', e.g. on OpenRouter)
 * @param contextWindow       tokens of context, input and output together, or null
 * @param maxOutputTokens     the most tokens one reply may have, or null
 * @param prices              US dollars per million tokens
 * @param capabilities        what the model is recorded to do
 * @param defaultToolFormat   the tool format to use when nothing else chooses one, or null
 * @param preferredEditFormat how it prefers to edit files, or null
 * @param aliases             short names that resolve to this model ({@code sonnet})
 * @param note                why a value is what it is, for the reader of {@code /models}; may be null
 * @param nativeDialect       the tool-call dialect the model was trained on ({@code hermes}, {@code llama3},
 *                            …: the id of its tool format), or null when not known
 * @param dialectOrigin       where the native dialect was learnt, or why none is known; null when nothing said
 */
public record ModelInfo(String provider, String id, Integer contextWindow, Integer maxOutputTokens, Prices prices,
        Capabilities capabilities, ToolFormat defaultToolFormat, EditFormat preferredEditFormat,
        List<String> aliases, String note, String nativeDialect, DialectOrigin dialectOrigin) {

    /** The context assumed for a model the registry does not know. */
    public static final int GENERIC_CONTEXT_WINDOW = 128_000;

    /** Prices in US dollars per million tokens; each null when not recorded. */
    public record Prices(Double input, Double output, Double cacheRead, Double cacheWrite) {
        public static final Prices NONE = new Prices(null, null, null, null);
    }

    /**
     * Recorded abilities; each null when not recorded. {@code adaptiveThinking}: an Anthropic model
     * whose docs ask for adaptive thinking with an effort instead of a token budget.
     */
    public record Capabilities(Boolean streaming, Boolean vision, Boolean reasoning, Boolean parallelToolCalls,
            Boolean strictTools, Boolean responsesApi, Boolean adaptiveThinking) {
        public static final Capabilities NONE = new Capabilities(null, null, null, null, null, null, null);

        public Capabilities(Boolean streaming, Boolean vision, Boolean reasoning, Boolean parallelToolCalls,
                Boolean strictTools, Boolean responsesApi) {
            this(streaming, vision, reasoning, parallelToolCalls, strictTools, responsesApi, null);
        }
    }

    public ModelInfo {
        Objects.requireNonNull(provider, "provider");
        Objects.requireNonNull(id, "id");
        prices = prices == null ? Prices.NONE : prices;
        capabilities = capabilities == null ? Capabilities.NONE : capabilities;
        aliases = aliases == null ? List.of() : List.copyOf(aliases);
    }

    /** An entry of the registry: the native dialect, when given, is its own. */
    public ModelInfo(String provider, String id, Integer contextWindow, Integer maxOutputTokens, Prices prices,
            Capabilities capabilities, ToolFormat defaultToolFormat, EditFormat preferredEditFormat,
            List<String> aliases, String note, String nativeDialect) {
        this(provider, id, contextWindow, maxOutputTokens, prices, capabilities, defaultToolFormat,
                preferredEditFormat, aliases, note, nativeDialect, nativeDialect == null ? null
                        : DialectOrigin.REGISTRY_ENTRY);
    }

    /** An entry whose native dialect is not known. */
    public ModelInfo(String provider, String id, Integer contextWindow, Integer maxOutputTokens, Prices prices,
            Capabilities capabilities, ToolFormat defaultToolFormat, EditFormat preferredEditFormat,
            List<String> aliases, String note) {
        this(provider, id, contextWindow, maxOutputTokens, prices, capabilities, defaultToolFormat,
                preferredEditFormat, aliases, note, null);
    }

    /**
     * What Rosetta assumes about a model it has no entry for: nothing recorded, so its context is
     * {@link #contextWindowOrDefault()}'s 128k unless its server says otherwise.
     */
    public static ModelInfo generic(String provider, String id) {
        return new ModelInfo(provider, id, null, null, Prices.NONE, Capabilities.NONE, null, null,
                List.of(), "not in the model registry; a 128k context is assumed");
    }

    /** The same entry with the context a server reported (or the user capped it to), and why. */
    public ModelInfo withContextWindow(int tokens, String why) {
        return new ModelInfo(provider, id, tokens, maxOutputTokens, prices, capabilities, defaultToolFormat,
                preferredEditFormat, aliases, why, nativeDialect, dialectOrigin);
    }

    /** The same entry with a native dialect, as if its registry entry named it. */
    public ModelInfo withNativeDialect(String dialect) {
        return withNativeDialect(dialect, dialect == null ? null : DialectOrigin.REGISTRY_ENTRY);
    }

    /**
     * The same entry with a native dialect (null for none) and where it was learnt: from its family
     * when the entry names none, from its chat template when its server shows one.
     */
    public ModelInfo withNativeDialect(String dialect, DialectOrigin origin) {
        return new ModelInfo(provider, id, contextWindow, maxOutputTokens, prices, capabilities, defaultToolFormat,
                preferredEditFormat, aliases, note, dialect, origin);
    }

    /**
     * The native dialect {@code --tool-format native} asks in and why, in a line for the user:
     * {@code glm: its chat template writes calls with <arg_key>, <arg_value> (GLM-4.5 and later)}, or
     * {@code hermes, the most widely trained dialect: …} when none is known, saying why none is.
     */
    public String nativeDialectReason() {
        if (nativeDialect != null) {
            return nativeDialect + (dialectOrigin == null ? "" : ": " + dialectOrigin.why());
        }
        return NATIVE_FALLBACK + ", the most widely trained dialect: " + (dialectOrigin == null
                ? "no family Rosetta knows matches the model's name" : dialectOrigin.why());
    }

    /** The dialect a model of no known family is asked in by {@code --tool-format native}: the most widely trained one. */
    public static final String NATIVE_FALLBACK = "hermes";

    /**
     * A word for where the native dialect came from ({@code template}, {@code name}, {@code
     * registry}), for lists and the status line; null when nothing said.
     */
    public String dialectSourceWord() {
        return dialectOrigin == null ? null : switch (dialectOrigin.source()) {
            case REGISTRY -> "registry";
            case CHAT_TEMPLATE -> "template";
            case NAME -> "name";
        };
    }

    /** The format of the model's native dialect: {@link #NATIVE_FALLBACK} when it is not known. */
    public ToolFormat nativeFormat() {
        return ToolFormat.of(nativeDialect != null ? nativeDialect : NATIVE_FALLBACK);
    }

    /** {@code provider/id}, the way users write it. */
    public String name() {
        return provider + "/" + id;
    }

    public ModelRef ref() {
        return new ModelRef(provider, id);
    }

    public int contextWindowOrDefault() {
        return contextWindow != null ? contextWindow : GENERIC_CONTEXT_WINDOW;
    }

    public Boolean supportsStreaming() {
        return capabilities.streaming();
    }

    public Boolean supportsVision() {
        return capabilities.vision();
    }

    public Boolean supportsReasoning() {
        return capabilities.reasoning();
    }

    public Boolean supportsParallelToolCalls() {
        return capabilities.parallelToolCalls();
    }

    public Boolean supportsStrictTools() {
        return capabilities.strictTools();
    }

    /** Whether requests should go through OpenAI's Responses API rather than chat completions. */
    public Boolean usesResponsesApi() {
        return capabilities.responsesApi();
    }

    /** Streams unless the registry says the model cannot. */
    public boolean streamingOrTrue() {
        return !Boolean.FALSE.equals(capabilities.streaming());
    }

    public boolean visionOrFalse() {
        return Boolean.TRUE.equals(capabilities.vision());
    }

    public boolean reasoningOrFalse() {
        return Boolean.TRUE.equals(capabilities.reasoning());
    }

    /**
     * Whether several calls per reply may run. Unrecorded counts as no, as in gptme: generation
     * then stops at the first complete call, which every model copes with.
     */
    public boolean parallelToolCallsOrFalse() {
        return Boolean.TRUE.equals(capabilities.parallelToolCalls());
    }

    /** Whether {@code strict: true} may be sent; unrecorded counts as no (the API would reject it). */
    public boolean strictToolsOrFalse() {
        return Boolean.TRUE.equals(capabilities.strictTools());
    }

    public boolean adaptiveThinkingOrFalse() {
        return Boolean.TRUE.equals(capabilities.adaptiveThinking());
    }

    public boolean responsesApiOrFalse() {
        return Boolean.TRUE.equals(capabilities.responsesApi());
    }

    /**
     * What {@code usage} cost in US dollars, or null when the input or output price is not
     * recorded. {@code inputTokens} are the tokens billed at the input price, without cache reads
     * and writes. A cache price that is not recorded falls back to the input price: providers
     * that do not list cache writes bill them as input, and for reads it errs on the high side.
     */
    public Double cost(ChatEvent.Usage usage) {
        if (prices.input() == null || prices.output() == null) {
            return null;
        }
        double read = prices.cacheRead() != null ? prices.cacheRead() : prices.input();
        double write = prices.cacheWrite() != null ? prices.cacheWrite() : prices.input();
        double perMillion = usage.inputTokens() * prices.input() + usage.outputTokens() * prices.output()
                + usage.cacheReadTokens() * read + usage.cacheWriteTokens() * write;
        return perMillion / 1_000_000;
    }
}
