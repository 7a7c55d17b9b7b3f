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

    /** How much of a long text {@link #countUpTo} counts at once: byte-pair merging grows faster than a piece's length. */
    private static final int PIECE = 16_384;

    /**
     * The number of tokens in {@code text}, counted piece by piece and only as far as needed to
     * know it is above {@code limit}: a result above {@code limit} means "more than that", with the
     * rest of the text never looked at. A text of a hundred megabytes is judged against a window
     * of a million tokens after a few of its megabytes. Pieces end at a line or space where one is
     * near, so that few tokens are cut in two (each such cut counts one token more).
     */
    public long countUpTo(CharSequence text, long limit) {
        long tokens = 0;
        int start = 0;
        while (start < text.length() && tokens <= limit) {
            int end = pieceEnd(text, start);
            tokens += count(text.subSequence(start, end).toString());
            start = end;
        }
        return tokens;
    }

    private static int pieceEnd(CharSequence text, int start) {
        int end = Math.min(text.length(), start + PIECE);
        if (end == text.length()) {
            return end;
        }
        for (int i = end; i > end - PIECE / 8; i--) {
            if (Character.isWhitespace(text.charAt(i - 1))) {
                return i;
            }
        }
        return Character.isLowSurrogate(text.charAt(end)) ? end + 1 : end;
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
