package dev.rosetta.core.split;

import java.util.List;
import java.util.Set;

import dev.rosetta.core.split.Input.Match;

/**
 * Reads reasoning: {@code <think>}, {@code <thinking>}, {@code <reasoning>} or {@code [THINK]} at a line start (or
 * right after a closing fence glued to it), and the pseudo-fences models write instead
 * ({@code ```thinking}, Gemini's {@code ```thinking>}), which a reasoning closer or a bare fence
 * of their length ends. Inside, the same readers run, so a call the model wrote while thinking
 * is found and reported as {@link Segment.Unparsed} rather than run or lost. A closer without an
 * opener is prose; an opener never closed makes thinking of the rest of the message.
 *
 * <p>After prose on a line, an opener counts only when the rest of its line is blank or holds
 * its closer ({@code Sure.<think>…</think>}): mid-sentence, {@code I use <think> tags} is a
 * mention, and reading it as an opener never closed would report every later call.
 */
final class ThinkingReader implements Reader {

    /** The info strings of a fence that opens reasoning instead of code. */
    private static final Set<String> PSEUDO_FENCES = pseudoFences();
    private static final int LONGEST_PSEUDO_FENCE = PSEUDO_FENCES.stream().mapToInt(String::length).max().orElse(0);

    private final List<Reader> inner;
    private final ReasoningVocabulary vocabulary;
    /** The mid-line opener being decided, where the look at the rest of its line resumes, and what it saw. */
    private int midLineAt = -1;
    private int midLineOpener;
    private int midLineScan;
    /** The last character of the rest of the line that was not whitespace, or -1. */
    private int midLineLastText = -1;
    /**
     * Where the line of the last mention decided as one ends: the rest of it was looked at, holds
     * no closer, and its last text is {@link #midLineLastText}. A later mention on the same line is
     * decided from that, so a line full of mentions is looked at once, not once per mention.
     */
    private int lookedToLineEnd = -1;

    ThinkingReader(List<Reader> inner) {
        this.inner = List.copyOf(inner);
        this.vocabulary = ReasoningVocabulary.of(this.inner);
    }

    @Override
    public String lineStarts() {
        return vocabulary.firstChars() + "`";
    }

    @Override
    public String secondChars(char first) {
        return first == '`' ? "`" : vocabulary.secondChars(first);
    }

    @Override
    public List<String> literalStarts() {
        return vocabulary.markersAndFence();
    }

    @Override
    public String midLineStarts() {
        return vocabulary.firstChars();
    }

    @Override
    public Opening open(Input in, int at) {
        if (in.charAt(at) == '`') {
            return pseudoFence(in, at);
        }
        int opener = vocabulary.openerAt(in, at);
        if (opener > 0) {
            return Opening.of(new ThinkingBlock(in, at, at + opener, inner, vocabulary, 0));
        }
        return opener < 0 ? Opening.NEED_MORE : Opening.NONE;
    }

    @Override
    public Opening openMidLine(Input in, int at) {
        if (midLineAt != at) {
            int opener = vocabulary.openerAt(in, at);
            if (opener <= 0) {
                return opener < 0 ? Opening.NEED_MORE : Opening.NONE;
            }
            if (at < lookedToLineEnd) {
                return midLineLastText >= at + opener ? Opening.NONE
                        : Opening.of(new ThinkingBlock(in, at, at + opener, inner, vocabulary, 0));
            }
            midLineAt = at;
            midLineOpener = opener;
            midLineScan = at + opener;
            midLineLastText = -1;
        }
        return switch (restOfLine(in)) {
            case YES -> Opening.of(new ThinkingBlock(in, at, at + midLineOpener, inner, vocabulary, 0));
            case NO -> Opening.NONE;
            case PARTIAL -> Opening.NEED_MORE;
        };
    }

    /** Whether the rest of the mid-line opener's line is blank or holds a closer; PARTIAL until that shows. */
    private Match restOfLine(Input in) {
        int i = midLineScan;
        for (; in.has(i); i++) {
            char c = in.charAt(i);
            if (c == '\n') {
                return lineLookedAt(i);
            }
            if (vocabulary.mayStart(c)) {
                int closer = vocabulary.closerAt(in, i);
                if (closer > 0) {
                    return Match.YES;
                }
                if (closer < 0) {
                    break;
                }
            }
            if (!Character.isWhitespace(c)) {
                midLineLastText = i;
            }
        }
        midLineScan = i;
        if (in.complete() && !in.has(i)) {
            return lineLookedAt(i);
        }
        return Match.PARTIAL;
    }

    /** The rest of the line, up to {@code end}, was looked at and holds no closer: text in it makes a mention. */
    private Match lineLookedAt(int end) {
        lookedToLineEnd = end;
        return midLineLastText >= 0 ? Match.NO : Match.YES;
    }

    /** {@code ```thinking} and its kin: a fence line whose whole info string names reasoning. */
    private Opening pseudoFence(Input in, int at) {
        int i = at;
        while (in.has(i) && in.charAt(i) == '`') {
            i++;
        }
        int ticks = i - at;
        if (!in.has(i) && !in.complete()) {
            // Three backticks start a fence line either way: wait for the line, not per character.
            return ticks < 3 ? Opening.NEED_MORE : Opening.NEED_LINE;
        }
        if (ticks < 3) {
            return Opening.NONE;
        }
        int lineEnd = in.lineEnd(at);
        if (lineEnd < 0 && !in.complete()) {
            return couldBePseudoFence(in, i) ? Opening.NEED_LINE : Opening.NONE;
        }
        int end = lineEnd < 0 ? in.limit() : lineEnd;
        if (!PSEUDO_FENCES.contains(in.slice(i, end).strip())) {
            return Opening.NONE;
        }
        return Opening.of(new ThinkingBlock(in, at, end, inner, vocabulary, ticks));
    }

    /** Whether the info string seen so far (a bounded look) is the start of a pseudo-fence's. */
    private static boolean couldBePseudoFence(Input in, int from) {
        int i = from;
        while (in.has(i) && (in.charAt(i) == ' ' || in.charAt(i) == '\t')) {
            i++;
        }
        int to = Math.min(in.limit(), i + LONGEST_PSEUDO_FENCE);
        String seen = in.slice(i, to);
        return PSEUDO_FENCES.stream().anyMatch(p -> p.startsWith(seen) || seen.startsWith(p) && seen.substring(p.length()).isBlank());
    }

    private static Set<String> pseudoFences() {
        java.util.Set<String> out = new java.util.LinkedHashSet<>();
        for (ReasoningTag t : ReasoningTag.ALL) {
            out.add(t.word());
            out.add(t.word() + ">");
            out.add(t.opener());
        }
        return Set.copyOf(out);
    }
}
