package dev.rosetta.core.split;

import java.util.ArrayList;
import java.util.List;

import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.split.StreamEvent.Completed;
import dev.rosetta.core.tool.ToolCatalog;

/**
 * Splits one assistant message into prose, thinking, calls and unparsed segments, in one pass,
 * as the text arrives. The same object serves batch reading ({@link #split}) and streaming
 * ({@link #feed} per delta, then {@link #finish}); both give the same segments for every way of
 * cutting the message into deltas. Work is linear in the message length: readers resume where
 * they stopped, and only a suffix that could still become a delimiter is held back.
 *
 * <p>Not thread-safe: one splitter reads one message.
 */
public final class StreamSplitter {

    private final TextBuffer text = new TextBuffer();
    private final Input input = new Input(text);
    private final Cascade cascade;
    private final EventCollector collector = new EventCollector(text);
    private final EventList events = new EventList();
    private boolean finished;

    public StreamSplitter(ToolFormat format, ToolCatalog tools) {
        List<Reader> readers = format.readers(tools);
        List<Reader> all = new ArrayList<>();
        all.add(new ThinkingReader(readers));
        all.addAll(readers);
        this.cascade = new Cascade(all, 0);
    }

    /** Reads a message whole. */
    public static List<Segment> split(CharSequence message, ToolFormat format, ToolCatalog tools) {
        StreamSplitter splitter = new StreamSplitter(format, tools);
        List<Segment> segments = new ArrayList<>();
        StreamListener listener = StreamListener.collecting(segments);
        splitter.feed(message, listener);
        splitter.finish(listener);
        return segments;
    }

    /** The segments among {@code events}, in order. */
    public static void collect(List<StreamEvent> events, List<Segment> into) {
        for (StreamEvent e : events) {
            if (e instanceof Completed c) {
                into.add(c.segment());
            }
        }
    }

    /** Reads the next piece of the message; returns what became certain with it. */
    public List<StreamEvent> feed(CharSequence delta) {
        feed(delta, events);
        return events.drain();
    }

    /** The message is complete: flushes what was held back and closes what is still open. */
    public List<StreamEvent> finish() {
        finish(events);
        return events.drain();
    }

    /**
     * Reads the next piece of the message and tells {@code listener} what became certain with it,
     * allocating nothing per delta for prose: the hot path of a streaming reply.
     */
    public void feed(CharSequence delta, StreamListener listener) {
        if (finished) {
            throw new IllegalStateException("the message was already finished");
        }
        text.append(delta);
        input.set(text.length(), false);
        run(listener, false);
    }

    /** The message is complete: tells {@code listener} what was held back and what is still open. */
    public void finish(StreamListener listener) {
        if (finished) {
            return;
        }
        finished = true;
        input.set(text.length(), true);
        run(listener, true);
    }

    private void run(StreamListener listener, boolean endOfMessage) {
        collector.listener(listener);
        cascade.run(input, collector);
        collector.endOfRun(endOfMessage);
    }

    /** The message so far. */
    public String text() {
        return text.toString();
    }

    /** How many characters the readers have looked at: tests pin the O(n) rule with it. */
    long charsRead() {
        return text.reads();
    }
}
