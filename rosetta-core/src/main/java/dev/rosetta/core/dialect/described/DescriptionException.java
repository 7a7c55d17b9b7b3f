package dev.rosetta.core.dialect.described;

import java.util.List;

import dev.rosetta.core.RosettaException;

/**
 * A dialect description that cannot be read: the key it is about and what is wrong with it. The
 * message starts with the key's path ({@code dialects[2].calls[1].shape}); a reader that knows
 * where that key stands in its file (config.toml's line and column) puts that first instead.
 */
public final class DescriptionException extends RosettaException {

    private final List<Object> path;
    private final String problem;

    DescriptionException(List<Object> path, String problem) {
        super(pathText(path) + ": " + problem);
        this.path = List.copyOf(path);
        this.problem = problem;
    }

    /** The key the problem is about: table keys (strings) and list positions (integers, from 0). */
    public List<Object> path() {
        return path;
    }

    /** What is wrong, without the key. */
    public String problem() {
        return problem;
    }

    /** {@code dialects[2].calls[1].shape}, positions counted from 1 as people count them. */
    static String pathText(List<Object> path) {
        StringBuilder out = new StringBuilder();
        for (Object p : path) {
            if (p instanceof Integer i) {
                out.append('[').append(i + 1).append(']');
            } else {
                out.append(out.isEmpty() ? "" : ".").append(p);
            }
        }
        return out.toString();
    }
}
