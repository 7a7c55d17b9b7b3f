package dev.rosetta.tools;

/**
 * Where a running call's output goes as it is produced, for a live view of a long command (the
 * last lines of a build, shown while it runs). The call's result still carries its whole output;
 * this is only a copy, and a tool that cannot stream simply never writes to it.
 *
 * <p>Written from the thread that reads the tool's output, so it must not block.
 */
@FunctionalInterface
public interface LiveOutput {

    /** Nowhere: output is only in the result. */
    LiveOutput NONE = (bytes, offset, length) -> { };

    /** The next bytes of output, as the tool printed them (UTF-8, possibly cut inside a character). */
    void write(byte[] bytes, int offset, int length);

    /**
     * Told once, when the call has its consent (the user's answer, a rule's, {@code -y}'s) and is
     * about to run: after its question, if one was asked; never for a call refused or not run.
     */
    default void running() {
    }
}
