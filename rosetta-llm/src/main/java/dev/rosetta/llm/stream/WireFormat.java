package dev.rosetta.llm.stream;

import java.util.function.Supplier;

/**
 * How one API's replies are read: the framing of its streams, and a decoder for a streamed reply
 * and for a whole one. A new API is one of these (and its decoders), nothing more.
 *
 * @param framing  how a streamed body is cut into frames
 * @param streamed a decoder for a streamed body's frames
 * @param whole    a decoder for a body that is the whole reply as one frame (not streamed, or a
 *                 JSON body where a stream was asked for: an error, or a server that ignores
 *                 {@code stream: true})
 */
public record WireFormat(Framing framing, Supplier<ReplyDecoder> streamed, Supplier<ReplyDecoder> whole) {}
