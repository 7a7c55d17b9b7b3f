package dev.rosetta.llm;

/**
 * A reply as it arrives. Read it with {@link #next()} until it returns null; {@link #close()}
 * stops the generation at once by closing the connection (tokens not generated are not paid
 * for), from any thread.
 */
public interface ChatStream extends AutoCloseable {

    /**
     * The next event, blocking until it arrives; null after {@link ChatEvent.Finished}. A
     * failure before any output throws; a failure after output began ends the stream with
     * {@code Finished(INTERRUPTED)} instead, so what arrived is kept.
     */
    ChatEvent next() throws ProviderException;

    /** Stops the reply now; the stream then ends with {@code Finished(CANCELED)}. Idempotent. */
    @Override
    void close();
}
