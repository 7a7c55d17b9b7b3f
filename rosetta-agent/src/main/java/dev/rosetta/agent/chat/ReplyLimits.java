package dev.rosetta.agent.chat;

import java.util.Locale;

import dev.rosetta.core.size.ByteSize;

/**
 * How much one reply may carry: a model that writes without end (a loop, a broken server) must
 * not take Rosetta's memory, and one that makes a hundred thousand calls must not run them all.
 * The reply is stopped where it passes a limit — its stream closed, so nothing more is generated
 * — and what came before is kept.
 *
 * @param bytes bytes of UTF-8 of text, reasoning and native call arguments ({@code [limits] reply_size})
 * @param calls calls, in the text or native ({@code [limits] reply_calls})
 */
public record ReplyLimits(long bytes, int calls) {

    /** As {@code [limits]} settles without any file. */
    public static final ReplyLimits DEFAULT = new ReplyLimits(4L << 20, 50);

    public ReplyLimits {
        if (bytes < 1 || calls < 1) {
            throw new IllegalArgumentException("a reply limit of " + bytes + " bytes and " + calls + " calls");
        }
    }

    /** Which limit stopped a reply. */
    public enum Cap {
        SIZE, CALLS
    }

    /** What the user is told, once, when a reply was stopped at {@code cap}. */
    String notice(Cap cap) {
        return switch (cap) {
            case SIZE -> "the reply was stopped at " + ByteSize.of(bytes) + ", the most one reply may carry ([limits]"
                    + " reply_size); what came before is kept and the model is told";
            case CALLS -> "the reply was stopped at its " + ordinal(calls + 1) + " call: one reply may make "
                    + calls + " ([limits] reply_calls); the first " + calls + " run and the model is told";
        };
    }

    /** What the model is told: why its reply ended early, and what became of it. */
    String feedback(Cap cap) {
        return switch (cap) {
            case SIZE -> "Your last reply was stopped after " + ByteSize.of(bytes) + ", the most one reply may"
                    + " carry: what you wrote up to there is kept, and only calls complete before it ran. Write"
                    + " less in one reply: split long work over several replies, and put large content in files.";
            case CALLS -> "Your last reply was stopped at its " + ordinal(calls + 1) + " call: one reply may make at"
                    + " most " + calls + " calls. The first " + calls + " ran (their results are above); nothing"
                    + " after them was read. Make the calls still needed in your next reply.";
        };
    }

    private static String ordinal(int n) {
        int tens = n % 100;
        String suffix = tens >= 11 && tens <= 13 ? "th" : switch (n % 10) {
            case 1 -> "st";
            case 2 -> "nd";
            case 3 -> "rd";
            default -> "th";
        };
        return String.format(Locale.ROOT, "%,d", n) + suffix;
    }
}
