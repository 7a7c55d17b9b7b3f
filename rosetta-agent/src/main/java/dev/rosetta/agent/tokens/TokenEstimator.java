package dev.rosetta.agent.tokens;

import com.knuddels.jtokkit.Encodings;
import com.knuddels.jtokkit.api.Encoding;
import com.knuddels.jtokkit.api.EncodingType;

/**
 * Counts the tokens of a text with OpenAI's o200k_base encoding, for numbers a provider did not
 * report. Other vendors' tokenizers differ by some percent, so every count is an estimate.
 *
 * <p>The vocabulary takes about a third of a second to load, so it is loaded on the first count,
 * not when the class is: starting the CLI must not pay for a command that may never run.
 */
public final class TokenEstimator {

    // One per process is right: the encoding is immutable and thread-safe, and loading it twice
    // only costs time. Constructing this does not touch jtokkit's registry.
    private static final TokenEstimator SHARED = new TokenEstimator();

    private volatile Encoding encoding;

    TokenEstimator() {
    }

    public static TokenEstimator shared() {
        return SHARED;
    }

    /**
     * The number of tokens in {@code text}. Special-token spellings such as
     * {@code <|endoftext|>} count as ordinary text: they can appear in a conversation (a model
     * talking about tokenizers) and must not make the count throw.
     */
    public int count(String text) {
        return text == null || text.isEmpty() ? 0 : encoding().countTokensOrdinary(text);
    }

    /** Whether the vocabulary has been loaded yet (tests pin that construction does not load it). */
    boolean loaded() {
        return encoding != null;
    }

    private Encoding encoding() {
        Encoding loaded = encoding;
        if (loaded == null) {
            synchronized (this) {
                loaded = encoding;
                if (loaded == null) {
                    loaded = Encodings.newLazyEncodingRegistry().getEncoding(EncodingType.O200K_BASE);
                    encoding = loaded;
                }
            }
        }
        return loaded;
    }
}
