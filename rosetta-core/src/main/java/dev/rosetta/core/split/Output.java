package dev.rosetta.core.split;

/** Where readers put what they read. */
public interface Output {

    /** The text in [from, to) is prose. */
    void prose(int from, int to);

    /** A finished call, unparsed block or thinking segment. */
    void segment(Segment segment);

    /** A display event (call started, thinking delta). */
    void event(StreamEvent event);
}
