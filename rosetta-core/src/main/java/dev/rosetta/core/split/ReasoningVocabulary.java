package dev.rosetta.core.split;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.rosetta.core.split.Input.Match;

/**
 * Every reasoning marker one splitter knows: the common tags ({@link ReasoningTag}) and the
 * markers of the dialects it reads ({@link Reader#reasoningMarkers}: {@code <seed:think>},
 * {@code <|START_THINKING|>}, Gemma's {@code <|channel>thought}). Any closer ends any opener, so
 * no shape of reasoning marker can make a later call disappear, and a call inside reasoning is
 * reported whatever marker opened it.
 */
final class ReasoningVocabulary {

    private final List<String> openers;
    private final List<String> closers;
    /** Each opener's own closer, for telling the model how to close what it opened. */
    private final Map<String, String> pairs;
    private final String firstChars;
    private final boolean[] mayStart = new boolean[128];

    private ReasoningVocabulary(List<String> openers, List<String> closers, Map<String, String> pairs) {
        this.openers = List.copyOf(openers);
        this.closers = List.copyOf(closers);
        this.pairs = Map.copyOf(pairs);
        Set<Character> firsts = new LinkedHashSet<>();
        for (String s : this.openers) {
            firsts.add(s.charAt(0));
        }
        for (String s : this.closers) {
            firsts.add(s.charAt(0));
        }
        StringBuilder out = new StringBuilder();
        for (char c : firsts) {
            out.append(c);
            if (c < 128) {
                mayStart[c] = true;
            }
        }
        this.firstChars = out.toString();
    }

    /** The common tags and the markers {@code readers} list. */
    static ReasoningVocabulary of(List<Reader> readers) {
        Set<String> openers = new LinkedHashSet<>();
        Set<String> closers = new LinkedHashSet<>();
        Map<String, String> pairs = new HashMap<>();
        for (ReasoningTag t : ReasoningTag.ALL) {
            openers.add(t.opener());
            closers.add(t.closer());
            pairs.putIfAbsent(t.opener(), t.closer());
        }
        for (Reader r : readers) {
            for (ReasoningMarkers m : r.reasoningMarkers()) {
                openers.add(m.open());
                closers.add(m.close());
                pairs.putIfAbsent(m.open(), m.close());
            }
        }
        return new ReasoningVocabulary(new ArrayList<>(openers), new ArrayList<>(closers), pairs);
    }

    /** Every opener and closer, and the backtick a pseudo-fence ({@code ```thinking}) begins with. */
    List<String> markersAndFence() {
        List<String> out = new ArrayList<>(openers);
        out.addAll(closers);
        out.add("`");
        return out;
    }

    /** The closer that belongs to {@code opener} (any closer ends it; this is the one to name). */
    String closerOf(String opener) {
        return pairs.getOrDefault(opener, closers.get(0));
    }

    /** The characters a marker may begin with. */
    String firstChars() {
        return firstChars;
    }

    /** The characters that may follow {@code first} in a marker. */
    String secondChars(char first) {
        Set<Character> seconds = new LinkedHashSet<>();
        for (List<String> markers : List.of(openers, closers)) {
            for (String s : markers) {
                if (s.charAt(0) == first && s.length() > 1) {
                    seconds.add(s.charAt(1));
                }
            }
        }
        StringBuilder out = new StringBuilder();
        seconds.forEach(out::append);
        return out.toString();
    }

    /** Whether {@code c} may begin a marker. */
    boolean mayStart(char c) {
        return c < 128 ? mayStart[c] : firstChars.indexOf(c) >= 0;
    }

    /** The length of the opener at {@code at}, 0 when none starts there, -1 while one still may. */
    int openerAt(Input in, int at) {
        return matchAt(in, at, openers);
    }

    /** The length of the closer at {@code at}, 0 when none starts there, -1 while one still may. */
    int closerAt(Input in, int at) {
        return matchAt(in, at, closers);
    }

    private static int matchAt(Input in, int at, List<String> markers) {
        boolean partial = false;
        char c = in.charAt(at);
        for (String m : markers) {
            if (m.charAt(0) != c) {
                continue;
            }
            Match match = in.match(at, m);
            if (match == Match.YES) {
                return m.length();
            }
            partial |= match == Match.PARTIAL;
        }
        return partial ? -1 : 0;
    }
}
