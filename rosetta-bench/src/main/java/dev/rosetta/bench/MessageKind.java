package dev.rosetta.bench;

import dev.rosetta.core.dialect.ToolFormat;

/** The three shapes of message the benchmarks read; see {@link Messages}. */
public enum MessageKind {

    /** Prose only, with lines that look like calls and are not. */
    PROSE,
    /** Prose interleaved with many calls (and some fenced blocks that are not calls). */
    MANY_CALLS,
    /** One save call whose body is nearly the whole message. */
    HUGE_SAVE;

    /** A message of this kind, exactly {@code chars} UTF-16 chars long, spelled for {@code format}. */
    public SampleMessage generate(ToolFormat format, int chars, long seed) {
        return switch (this) {
            case PROSE -> Messages.prose(chars, seed);
            case MANY_CALLS -> Messages.manyCalls(format, chars, seed);
            case HUGE_SAVE -> Messages.hugeSave(format, chars, seed);
        };
    }
}
