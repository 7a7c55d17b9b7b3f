package dev.rosetta.llm.stream;

import java.util.List;

import dev.rosetta.llm.ChatEvent;

/**
 * One API's reading of one reply body, frame by frame: all an API adds to {@link ReplyStream}.
 * A decoder knows nothing of connections, retries or cancels. A new one is made for every try.
 *
 * <p>An error the API reports inside the reply (an error event, a failed response, a 200 body
 * holding an error) is returned as {@code Finished(INTERRUPTED, raw, error)}, the error made by
 * {@link dev.rosetta.llm.ProviderErrors#reported}: before any output the stream retries or throws
 * it, after output it ends the reply with what arrived.
 */
public interface ReplyDecoder {

    /** The events one frame brings, in order; a {@code Finished} among them ends the reply. */
    List<ChatEvent> frame(Frame frame);

    /**
     * The body ended before a {@code Finished} came: the events that end a reply that is whole
     * anyway (a stop reason arrived, only the end marker is missing), ending with a
     * {@code Finished}; or none, and the reply was cut off.
     */
    List<ChatEvent> ended();

    /** What to hand out before {@code Finished(INTERRUPTED)} when the reply breaks: the usage so far, say. */
    default List<ChatEvent> interrupted() {
        return List.of();
    }
}
