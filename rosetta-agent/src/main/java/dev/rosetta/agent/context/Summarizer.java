package dev.rosetta.agent.context;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

import dev.rosetta.core.message.Message;
import dev.rosetta.llm.ChatRequest;
import dev.rosetta.llm.ProviderException;

/**
 * Asks the model for the summary of a part of the conversation. A part larger than one request
 * may carry is summarised in pieces, oldest first, each request carrying the summary so far.
 */
public final class Summarizer {

    /** Sends one request and returns the text of its reply. */
    @FunctionalInterface
    public interface Model {
        String reply(ChatRequest request) throws ProviderException;
    }

    /** Reasoning a model wrote into its text is not part of the summary. */
    private static final Pattern THINKING = Pattern.compile("(?s)<think(ing)?>.*?</think(ing)?>");
    /** What a request holds besides the transcript: the prompt's framing, rounded up. */
    private static final int FRAMING = 200;

    private final Model model;
    private final String modelId;
    private final ContextMeter meter;
    private final long inputTokens;
    private final int replyTokens;
    private final boolean stream;

    /**
     * @param inputTokens how much one summarising request may carry
     * @param replyTokens the summary's length at most
     */
    public Summarizer(Model model, String modelId, ContextMeter meter, long inputTokens, int replyTokens,
            boolean stream) {
        this.model = model;
        this.modelId = modelId;
        this.meter = meter;
        this.inputTokens = inputTokens;
        this.replyTokens = replyTokens;
        this.stream = stream;
    }

    /** The summary's length at most, in tokens. */
    public int replyTokens() {
        return replyTokens;
    }

    /**
     * @param transcript     the part to summarise, a piece per message, oldest first
     * @param earlierSummary the summary of what came before it, or null
     * @param keep           what the user asked to keep in particular, or blank
     * @return the summary; blank when the model wrote none
     */
    public String summarize(List<String> transcript, String earlierSummary, String keep) throws ProviderException {
        String system = SummaryPrompt.system(keep);
        String summary = earlierSummary;
        List<String> piece = new ArrayList<>();
        long room = room(system, summary);
        long used = 0;
        for (String part : transcript) {
            long tokens = meter.text(part);
            if (!piece.isEmpty() && used + tokens > room) {
                summary = ask(system, summary, piece);
                piece.clear();
                used = 0;
                room = room(system, summary);
            }
            String fitted = tokens > room ? cut(part, room) : part;
            piece.add(fitted);
            used += Math.min(tokens, room);
        }
        return piece.isEmpty() ? (summary == null ? "" : summary) : ask(system, summary, piece);
    }

    private long room(String system, String summary) {
        return Math.max(FRAMING, inputTokens - meter.text(system) - meter.text(summary) - FRAMING);
    }

    private String ask(String system, String earlier, List<String> piece) throws ProviderException {
        String transcript = String.join("\n\n", piece);
        ChatRequest request = new ChatRequest(modelId, List.of(Message.system(system),
                Message.user(SummaryPrompt.user(earlier, transcript))), List.of(), replyTokens, null, List.of(), null,
                stream);
        String reply = THINKING.matcher(model.reply(request)).replaceAll("").strip();
        if (reply.isEmpty()) {
            throw new ProviderException(ProviderException.Kind.SERVER, "the model wrote an empty summary");
        }
        return reply;
    }

    /** A piece too large for one request, by its head and tail: about three characters a token, to be safe. */
    private static String cut(String text, long tokens) {
        int keep = (int) Math.min(text.length(), tokens * 3);
        int head = keep * 2 / 3;
        int tail = keep - head;
        return text.substring(0, head) + "\n[… " + (text.length() - keep) + " characters left out …]\n"
                + text.substring(text.length() - tail);
    }
}
