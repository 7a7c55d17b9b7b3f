package dev.rosetta.core.split;

import java.util.List;


/**
 * The tags models put around their reasoning: {@code <think>} (DeepSeek-R1, Qwen3, MiniMax),
 * {@code <thinking>} (Claude, Gemini), {@code <reasoning>}, and Magistral's {@code [THINK]}
 * tokens. Any closer ends any opener: a model that opens with one and closes with another still
 * meant to stop reasoning.
 */
public enum ReasoningTag {
    THINK("think"),
    THINKING("thinking"),
    REASONING("reasoning"),
    /** Mistral's reasoning models (Magistral) write {@code [THINK]…[/THINK]}. */
    BRACKET_THINK("THINK", "[THINK]", "[/THINK]");

    /** {@link #values()} without the copy each call makes: the readers ask at every candidate '<'. */
    static final List<ReasoningTag> ALL = List.of(values());

    private final String word;
    private final String opener;
    private final String closer;

    ReasoningTag(String word) {
        this(word, "<" + word + ">", "</" + word + ">");
    }

    ReasoningTag(String word, String opener, String closer) {
        this.word = word;
        this.opener = opener;
        this.closer = closer;
    }

    /** The bare word: {@code think}, {@code thinking}, {@code reasoning}. */
    public String word() {
        return word;
    }

    public String opener() {
        return opener;
    }

    public String closer() {
        return closer;
    }

    /**
     * The length of the reasoning opener or closer that starts at {@code at} in {@code text}
     * (visible up to {@code limit}), or 0 when none does. Text that ends inside a tag is no tag.
     */
    public static int tagAt(CharSequence text, int at, int limit) {
        if (at >= limit) {
            return 0;
        }
        for (ReasoningTag t : ALL) {
            for (String tag : new String[] {t.opener, t.closer}) {
                if (startsWith(text, at, limit, tag)) {
                    return tag.length();
                }
            }
        }
        return 0;
    }

    private static boolean startsWith(CharSequence text, int at, int limit, String tag) {
        if (at + tag.length() > limit) {
            return false;
        }
        for (int k = 0; k < tag.length(); k++) {
            if (text.charAt(at + k) != tag.charAt(k)) {
                return false;
            }
        }
        return true;
    }
}
