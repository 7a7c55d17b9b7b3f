package dev.rosetta.core.split;

import java.util.ArrayList;
import java.util.List;

import dev.rosetta.core.split.StartTree.Node;

/**
 * The readers to ask where a construct may begin with one given character, in priority order,
 * narrowed by what each accepts next ({@link Reader#secondChars}) and the texts its constructs
 * start with ({@link Reader#literalStarts}). Every reader's literal starts are merged into one
 * prefix tree ({@link StartTree}), so the text after a candidate is looked at once, character by
 * character, for all readers together, and only as far as some reader's start still matches:
 * {@code <|x} in prose costs three looks, however many dialects begin with {@code <|}. Each place
 * in the tree knows which readers it leaves to ask, so a candidate no reader could claim costs a
 * few table look-ups, not one test per reader.
 */
final class Asking {

    private final Reader[] readers;
    private final StartTree tree;
    /** The readers past {@link StartTree#MASKED}: always asked, after the others. */
    private final Reader[] unmasked;
    /** Every reader below {@link StartTree#MASKED}, as a set. */
    private final long everyone;

    /** The walk of the text at {@link #walkAt}: how far it matched, and whether the next character left the tree. */
    private int walkAt = -1;
    private Node node;
    private int depth;
    private boolean decided;
    private long answer;

    private Asking(List<Reader> readers, char first) {
        this.readers = readers.toArray(Reader[]::new);
        this.tree = StartTree.of(first, this.readers);
        this.unmasked = this.readers.length <= StartTree.MASKED ? new Reader[0]
                : readers.subList(StartTree.MASKED, readers.size()).toArray(Reader[]::new);
        this.everyone = this.readers.length >= StartTree.MASKED ? -1L : (1L << this.readers.length) - 1;
    }

    /** The readers among {@code all} whose {@code starts} (null: any character) hold {@code first}. */
    static Asking at(List<Reader> all, char first, java.util.function.Function<Reader, String> starts) {
        List<Reader> out = new ArrayList<>();
        for (Reader r : all) {
            String s = starts.apply(r);
            if (s == null || s.indexOf(first) >= 0) {
                out.add(r);
            }
        }
        return new Asking(out, first);
    }

    /**
     * Asks, in priority order, the readers that may claim the text at {@code at} (at a line start,
     * or after prose on a line) until one answers other than {@link Opening#NONE}; complete input
     * must decide, so a reader that still hesitates then is passed over.
     */
    Opening open(Input in, int at, boolean lineStart) {
        for (long m = mayClaim(in, at); m != 0; m &= m - 1) {
            Opening o = ask(readers[Long.numberOfTrailingZeros(m)], in, at, lineStart);
            if (o != null) {
                return o;
            }
        }
        for (Reader reader : unmasked) {
            Opening o = ask(reader, in, at, lineStart);
            if (o != null) {
                return o;
            }
        }
        return Opening.NONE;
    }

    /** The reader's answer, or null when it leaves the text to the next reader. */
    private static Opening ask(Reader reader, Input in, int at, boolean lineStart) {
        Opening o = lineStart ? reader.open(in, at) : reader.openMidLine(in, at);
        return o.kind() == Opening.Kind.NONE || o.undecided() && in.complete() ? null : o;
    }

    /** Whether some reader may claim the text at {@code at}: false means none can, whatever comes next. */
    boolean anyMayClaim(Input in, int at) {
        return mayClaim(in, at) != 0 || unmasked.length > 0;
    }

    /**
     * The readers (as a set of their indexes, below {@link StartTree#MASKED}) that may claim the
     * text at {@code at}: those whose next character, where visible, is one they accept, and one of
     * whose literal starts matches the visible text there or could still become it. Asked again at
     * the same place after more text arrived, the look resumes where it stopped.
     */
    private long mayClaim(Input in, int at) {
        if (!tree.filters) {
            return everyone;
        }
        if (walkAt != at) {
            walkAt = at;
            node = tree.root;
            depth = 0;
            decided = false;
        }
        if (decided) {
            return answer;
        }
        while (in.has(at + depth + 1)) {
            char c = in.charAt(at + depth + 1);
            Node next = depth == 0 && c < 128 ? tree.rootAscii[c] : node.child(c);
            if (next == null) {
                decided = true;
                answer = depth > 0 ? node.left
                        : c < 128 ? tree.leftRootAt[c]
                        : tree.wideSeconds.indexOf(c) >= 0 ? tree.leftRoot(c) : tree.leftRootAtOtherWide;
                return answer;
            }
            node = next;
            depth++;
        }
        return node.ranOut;
    }
}
