package dev.rosetta.agent.context;

import java.util.ArrayList;
import java.util.List;

/**
 * The message that stands for the summarised part of a conversation: a line saying what it is,
 * the user's messages of that part word for word, then the model's summary. The user's words are
 * quoted by Rosetta rather than left to the summary, because instructions lost in a summary are
 * what users of other agents complain of most. A very long message is quoted by its head and
 * tail; when they are too many, the first and the latest are quoted and the count of the others
 * is said.
 */
final class SummaryMessage {

    /** A pasted file in a message must not fill the summary: beyond this, its head and tail. */
    static final int MESSAGE_CHARS = 2_000;

    private SummaryMessage() {}

    /**
     * @param replaced     how many messages it stands for
     * @param userMessages the user's messages among them, oldest first
     * @param summary      the model's summary
     * @param quoteChars   how much quoting the user may take in all
     */
    static String of(int replaced, List<String> userMessages, String summary, int quoteChars) {
        StringBuilder text = new StringBuilder("[Rosetta compacted this conversation to keep it within the model's")
                .append(" context window: this message stands for the ").append(replaced)
                .append(replaced == 1 ? " message" : " messages")
                .append(" before it. The conversation log keeps them whole.]\n");
        if (!userMessages.isEmpty()) {
            text.append("\nThe user's messages in that part, word for word, oldest first:\n");
            for (String quote : quotes(userMessages, quoteChars)) {
                text.append('\n').append(quote).append('\n');
            }
        }
        return text.append("\nSummary of that part:\n\n").append(summary.strip()).append('\n').toString();
    }

    private static List<String> quotes(List<String> messages, int quoteChars) {
        List<String> quoted = messages.stream().map(m -> quoted(cut(m))).toList();
        int total = quoted.stream().mapToInt(String::length).sum();
        if (total <= quoteChars) {
            return quoted;
        }
        // The first message sets the task; the latest say where it went. The middle goes first.
        List<String> latest = new ArrayList<>();
        int room = quoteChars - quoted.getFirst().length();
        int i = quoted.size() - 1;
        for (; i > 0 && quoted.get(i).length() <= room; i--) {
            latest.addFirst(quoted.get(i));
            room -= quoted.get(i).length();
        }
        List<String> out = new ArrayList<>();
        out.add(quoted.getFirst());
        if (i > 0) {
            out.add("[… " + i + (i == 1 ? " more message" : " more messages") + " of the user, kept in the log …]");
        }
        out.addAll(latest);
        return out;
    }

    private static String cut(String message) {
        String text = message.strip();
        if (text.length() <= MESSAGE_CHARS) {
            return text;
        }
        int head = MESSAGE_CHARS * 3 / 4;
        int tail = MESSAGE_CHARS - head;
        return safeHead(text, head) + "\n[… " + (text.length() - head - tail) + " characters left out …]\n"
                + safeTail(text, tail);
    }

    private static String safeHead(String text, int chars) {
        int end = Character.isHighSurrogate(text.charAt(chars - 1)) ? chars - 1 : chars;
        return text.substring(0, end);
    }

    private static String safeTail(String text, int chars) {
        int start = text.length() - chars;
        return text.substring(Character.isLowSurrogate(text.charAt(start)) ? start + 1 : start);
    }

    /** Each line as a Markdown quote, so no line of it reads as Rosetta's own text. */
    private static String quoted(String text) {
        StringBuilder out = new StringBuilder();
        for (String line : text.split("\n", -1)) {
            out.append(line.isEmpty() ? ">" : "> " + line).append('\n');
        }
        return out.toString().stripTrailing();
    }
}
