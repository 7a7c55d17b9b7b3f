package dev.rosetta.core.split;

/**
 * How many characters a splitter's readers have looked at, for tests in any package and module:
 * the O(n) rule pinned by counting work, which a slower machine cannot make fail and a
 * quadratic reader cannot pass.
 */
public final class ReadCounts {

    private ReadCounts() {}

    /** Characters looked at so far by {@code splitter}'s readers. */
    public static long of(StreamSplitter splitter) {
        return splitter.charsRead();
    }

    /**
     * Characters looked at per character of {@code text}, streamed to a splitter over {@code
     * readers} in deltas of {@code chunk} characters ({@link Integer#MAX_VALUE}: whole).
     */
    public static double perChar(String text, int chunk, java.util.List<Reader> readers) {
        StreamSplitter splitter = new StreamSplitter(readers);
        StreamListener listener = StreamListener.collecting(new java.util.ArrayList<>());
        for (int i = 0; i < text.length(); i += chunk) {
            splitter.feed(text.substring(i, (int) Math.min(text.length(), (long) i + chunk)), listener);
        }
        splitter.finish(listener);
        return perChar(splitter);
    }

    /** Characters looked at per character of the message read so far. */
    public static double perChar(StreamSplitter splitter) {
        int length = splitter.text().length();
        return length == 0 ? 0 : (double) splitter.charsRead() / length;
    }
}
