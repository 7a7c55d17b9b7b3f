package dev.rosetta.core.split;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The literal starts of the readers asked at one first character, merged into one prefix tree
 * (see {@link Asking}), with each reader's accepted second characters. It depends only on what
 * the readers list, never on the message, so it is built once per set of listings and shared by
 * every splitter that reads with the same dialects: a short reply does not pay for building it.
 * Immutable once built.
 */
final class StartTree {

    /** Readers past this many are always asked (never filtered): the sets are bit masks. */
    static final int MASKED = 64;
    /** Listings seen by this process; user-described dialects make a few more, never many. */
    private static final int MOST_KEPT = 512;
    private static final Map<Key, StartTree> BUILT = new ConcurrentHashMap<>();

    /** What the readers list at one first character, in priority order: what a tree is built from. */
    private record Key(char first, List<String> seconds, List<List<String>> literals) {}

    final Node root = new Node(-1);
    /** The root's children by their character below 128: the one step every candidate takes. */
    final Node[] rootAscii = new Node[128];
    /** For each reader, the characters it accepts after the first, or null for any. */
    final String[] seconds;
    /** Readers that list no literal starts: the tree cannot rule them out. */
    final long unfiltered;
    /** Whether any reader filters at all; if none does, no character after the candidate is looked at. */
    final boolean filters;
    /** The characters from 128 up that some reader accepts second. */
    final String wideSeconds;
    /** The root's answer when the second character (below 128) leaves the tree, by that character. */
    final long[] leftRootAt = new long[128];
    /** The root's answer when a character from 128 up that no reader accepts second follows the first. */
    final long leftRootAtOtherWide;

    private StartTree(Key key) {
        this.seconds = key.seconds().toArray(String[]::new);
        long open = 0;
        boolean any = false;
        for (int r = 0; r < seconds.length; r++) {
            List<String> literal = key.literals().get(r);
            any |= seconds[r] != null || literal != null;
            if (r >= MASKED) {
                continue;
            }
            if (literal == null) {
                open |= bit(r);
                continue;
            }
            for (String text : literal) {
                if (text.charAt(0) == key.first()) {
                    root.add(text, r);
                }
            }
        }
        for (int k = 0; k < root.keys.length; k++) {
            if (root.keys[k] < 128) {
                rootAscii[root.keys[k]] = root.children[k];
            }
        }
        this.unfiltered = open;
        this.filters = any;
        root.settle(this);
        for (char c = 0; c < 128; c++) {
            leftRootAt[c] = leftRoot(c);
        }
        StringBuilder wide = new StringBuilder();
        for (String s : seconds) {
            if (s != null) {
                s.chars().filter(c -> c >= 128).forEach(c -> wide.append((char) c));
            }
        }
        this.wideSeconds = wide.toString();
        this.leftRootAtOtherWide = leftRoot(-1) & nullSeconds();
    }

    /** The tree for {@code readers} asked at {@code first}: built on the first call with their listings, then shared. */
    static StartTree of(char first, Reader[] readers) {
        List<String> seconds = new ArrayList<>(readers.length);
        List<List<String>> literals = new ArrayList<>(readers.length);
        for (Reader r : readers) {
            seconds.add(r.secondChars(first));
            literals.add(r.literalStarts());
        }
        Key key = new Key(first, seconds, literals);
        StartTree tree = BUILT.get(key);
        if (tree == null) {
            if (BUILT.size() >= MOST_KEPT) {
                BUILT.clear();
            }
            tree = BUILT.computeIfAbsent(key, StartTree::new);
        }
        return tree;
    }

    /**
     * The readers to ask when the text at the candidate goes past its first character with
     * {@code second}, which no literal start goes on with: those whose start is the first character
     * alone, and those that list none, of the ones that accept {@code second}.
     */
    long leftRoot(int second) {
        return accepting(second) & (unfiltered | root.endedAlong);
    }

    /** The readers that list no second characters (they accept any). */
    private long nullSeconds() {
        long out = 0;
        for (int r = 0; r < Math.min(seconds.length, MASKED); r++) {
            if (seconds[r] == null) {
                out |= bit(r);
            }
        }
        return out;
    }

    /** The readers that accept {@code second} after the first character (all when it is -1: not visible). */
    long accepting(int second) {
        long out = 0;
        for (int r = 0; r < Math.min(seconds.length, MASKED); r++) {
            if (second < 0 || seconds[r] == null || seconds[r].indexOf(second) >= 0) {
                out |= bit(r);
            }
        }
        return out;
    }

    static long bit(int r) {
        return 1L << r;
    }

    /**
     * A place in the tree: the text at the candidate matched the path to it. {@code through}
     * holds the readers with a literal start that goes through it (they may still match),
     * {@code endedAlong} those with one that ended here or on the path to it (they matched whole).
     */
    static final class Node {

        /** The second character of the path (the one {@link Reader#secondChars} filters), or -1 at the root. */
        final int second;
        private char[] keys = new char[0];
        private Node[] children = new Node[0];
        private long through;
        private long endedAlong;
        /** The readers to ask when the visible text ends right after this node's path: a start through it may still match. */
        long ranOut;
        /** The readers to ask when the next character leaves the tree here: only a start that ended on the path matched. */
        long left;

        private Node(int second) {
            this.second = second;
        }

        /** Adds {@code text} (its first character is the root's) for reader {@code r}. */
        private void add(String text, int r) {
            Node at = this;
            for (int k = 1; k < text.length(); k++) {
                at.through |= bit(r);
                char c = text.charAt(k);
                Node next = at.child(c);
                if (next == null) {
                    next = new Node(at.second < 0 ? c : at.second);
                    at.keys = Arrays.copyOf(at.keys, at.keys.length + 1);
                    at.children = Arrays.copyOf(at.children, at.children.length + 1);
                    at.keys[at.keys.length - 1] = c;
                    at.children[at.children.length - 1] = next;
                }
                at = next;
            }
            at.through |= bit(r);
            at.endedAlong |= bit(r);
        }

        /**
         * Once every start is in: a start that ended on the way to a node ended along its path too;
         * then each node's two answers.
         */
        private void settle(StartTree tree) {
            ArrayDeque<Node> todo = new ArrayDeque<>(List.of(this));
            while (!todo.isEmpty()) {
                Node n = todo.pop();
                long accepting = tree.accepting(n.second);
                n.ranOut = accepting & (tree.unfiltered | n.through | n.endedAlong);
                n.left = accepting & (tree.unfiltered | n.endedAlong);
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
    }
}
