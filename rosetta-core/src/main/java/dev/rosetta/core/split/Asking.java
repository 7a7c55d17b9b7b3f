package dev.rosetta.core.split;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The readers to ask where a construct may begin with one given character, in priority order,
 * narrowed by what each accepts next ({@link Reader#secondChars}) and the texts its constructs
 * start with ({@link Reader#literalStarts}). Every reader's literal starts are merged into one
 * prefix tree, so the text after a candidate is looked at once, character by character, for all
 * readers together, and only as far as some reader's start still matches: {@code <|x} in prose
 * costs three looks and one array load, however many dialects begin with {@code <|}. What each
 * place in the tree leaves to ask is worked out the first time the text reaches it, then kept,
 * so a prose candidate costs a few table look-ups, not one test per reader.
 */
final class Asking {

    private static final Reader[] NO_READERS = new Reader[0];
    /** Readers past this many are always asked (never filtered): the sets below are bit masks. */
    private static final int MASKED = 64;

    private final Reader[] readers;
    /** For each reader, the characters it accepts after the first, or null for any. */
    private final String[] seconds;
    /** Readers that list no literal starts: the tree cannot rule them out. */
    private final long unfiltered;
    /** Whether any reader filters at all; if none does, no character after the candidate is looked at. */
    private final boolean filters;
    private final Node root = new Node(-1);
    /** What is left to ask for each reader set, so equal answers share one array. */
    private final Map<Long, Reader[]> answers = new HashMap<>();
    /** The root's answer when the second character leaves the tree, by that character. */
    private final Reader[][] leftRootAt = new Reader[128][];
    private final Map<Character, Reader[]> leftRootAtWide = new HashMap<>();

    /** The walk of the text at {@link #walkAt}: how far it matched, and its answer once decided. */
    private int walkAt = -1;
    private Node node;
    private int depth;
    private Reader[] decided;

    private Asking(List<Reader> readers, char first) {
        this.readers = readers.toArray(Reader[]::new);
        this.seconds = new String[this.readers.length];
        long open = 0;
        boolean any = false;
        for (int r = 0; r < this.readers.length; r++) {
            seconds[r] = this.readers[r].secondChars(first);
            if (r >= MASKED) {
                continue;
            }
            List<String> literal = this.readers[r].literalStarts();
            any |= seconds[r] != null || literal != null;
            if (literal == null) {
                open |= bit(r);
                continue;
            }
            for (String text : literal) {
                if (text.charAt(0) == first) {
                    root.add(text, 1, r);
                }
            }
        }
        root.passEndedDown();
        this.unfiltered = open;
        this.filters = any;
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
     * The readers that may claim the text at {@code at}, in priority order (a shared array: not to
     * be changed): those whose next character, where visible, is one they accept, and one of whose
     * literal starts matches the visible text there or could still become it. Empty means no
     * reader can claim it, whatever comes next. Asked again at the same place after more text
     * arrived, the look resumes where it stopped.
     */
    Reader[] at(Input in, int at) {
        if (!filters) {
            return readers;
        }
        if (walkAt != at) {
            walkAt = at;
            node = root;
            depth = 0;
            decided = null;
        }
        if (decided != null) {
            return decided;
        }
        while (in.has(at + depth + 1)) {
            char c = in.charAt(at + depth + 1);
            Node next = node.child(c);
            if (next == null) {
                decided = node == root ? leftRoot(c) : node.left(this);
                return decided;
            }
            node = next;
            depth++;
        }
        return node.ranOut(this);
    }

    /** The root's answer when {@code second} follows the first character and no literal start goes on with it. */
    private Reader[] leftRoot(char second) {
        if (second >= 128) {
            return leftRootAtWide.computeIfAbsent(second, c -> answer(accepting(c) & (unfiltered | root.endedAlong)));
        }
        if (leftRootAt[second] == null) {
            leftRootAt[second] = answer(accepting(second) & (unfiltered | root.endedAlong));
        }
        return leftRootAt[second];
    }

    /** The readers that accept {@code second} after the first character (all when it is -1: not visible). */
    private long accepting(int second) {
        long out = 0;
        for (int r = 0; r < Math.min(readers.length, MASKED); r++) {
            if (second < 0 || seconds[r] == null || seconds[r].indexOf(second) >= 0) {
                out |= bit(r);
            }
        }
        return out;
    }

    /** The readers in {@code set}, with every reader past {@link #MASKED}, in priority order. */
    private Reader[] answer(long set) {
        return answers.computeIfAbsent(set, s -> {
            List<Reader> out = new ArrayList<>();
            for (int r = 0; r < readers.length; r++) {
                if (r >= MASKED || (s & bit(r)) != 0) {
                    out.add(readers[r]);
                }
            }
            return out.isEmpty() ? NO_READERS : out.toArray(Reader[]::new);
        });
    }

    private static long bit(int r) {
        return 1L << r;
    }

    /**
     * A place in the tree of literal starts: the text at the candidate matched the path to it.
     * {@code through} holds the readers with a literal start that goes through it (they may still
     * match), {@code endedAlong} those with one that ended here or on the path to it (they matched
     * whole).
     */
    private static final class Node {

        /** The second character of the path (the one {@link Reader#secondChars} filters), or -1 at the root. */
        final int second;
        private char[] keys = new char[0];
        private Node[] children = new Node[0];
        long through;
        long endedAlong;
        private Reader[] ranOut;
        private Reader[] left;

        Node(int second) {
            this.second = second;
        }

        /** Adds the rest of {@code text} from {@code k} below this node, for reader {@code r}. */
        void add(String text, int k, int r) {
            Node at = this;
            for (; k < text.length(); k++) {
                at.through |= bit(r);
                char c = text.charAt(k);
                Node next = at.child(c);
                if (next == null) {
                    next = new Node(at.second < 0 ? c : at.second);
                    at.keys = java.util.Arrays.copyOf(at.keys, at.keys.length + 1);
                    at.children = java.util.Arrays.copyOf(at.children, at.children.length + 1);
                    at.keys[at.keys.length - 1] = c;
                    at.children[at.children.length - 1] = next;
                }
                at = next;
            }
            at.through |= bit(r);
            at.endedAlong |= bit(r);
        }

        /** Once every start is in: a start that ended on the way to a node ended along its path too. */
        void passEndedDown() {
            java.util.ArrayDeque<Node> todo = new java.util.ArrayDeque<>(List.of(this));
            while (!todo.isEmpty()) {
                Node n = todo.pop();
                for (Node child : n.children) {
                    child.endedAlong |= n.endedAlong;
                    todo.push(child);
                }
            }
        }

        Node child(char c) {
            for (int i = 0; i < keys.length; i++) {
                if (keys[i] == c) {
                    return children[i];
                }
            }
            return null;
        }

        /** The visible text ends right after this node's path: readers with a start through it may still match. */
        Reader[] ranOut(Asking asking) {
            if (ranOut == null) {
                ranOut = asking.answer(asking.accepting(second) & (asking.unfiltered | through | endedAlong));
            }
            return ranOut;
        }

        /** The next character leaves the tree here: only readers whose start ended on the path match. */
        Reader[] left(Asking asking) {
            if (left == null) {
                left = asking.answer(asking.accepting(second) & (asking.unfiltered | endedAlong));
            }
            return left;
        }
    }
}
