package dev.rosetta.core.split;

import java.util.ArrayList;
import java.util.List;

import dev.rosetta.core.split.Segment.CodeBlock;
import dev.rosetta.core.split.Segment.Prose;
import dev.rosetta.core.split.StreamEvent.CodeBlockClosing;
import dev.rosetta.core.split.StreamEvent.CodeBlockOpened;

/**
 * Turns what the readers report into what a {@link StreamListener} hears, joining adjacent prose
 * into one segment and handing over prose as it becomes certain. The code blocks announced while
 * a prose segment is read become part of it.
 */
final class EventCollector implements Output {

    private final TextBuffer text;
    private StreamListener listener;
    private int proseStart = -1;
    private int proseEnd;
    private int deltaFrom;
    private CodeBlockOpened openBlock;
    /** The code blocks of the prose being read; a block joins when it closes, inside that prose. */
    private final List<CodeBlock> blocks = new ArrayList<>();

    EventCollector(TextBuffer text) {
        this.text = text;
    }

    /** Who hears the events of the next run. */
    void listener(StreamListener next) {
        this.listener = next;
    }

    @Override
    public void prose(int from, int to) {
        if (from == to) {
            return;
        }
        text.prose(from, to);
        if (proseStart >= 0 && from != proseEnd) {
            closeProse();
        }
        if (proseStart < 0) {
            proseStart = from;
            deltaFrom = from;
        }
        proseEnd = to;
    }

    @Override
    public void segment(Segment segment) {
        closeProse();
        listener.completed(segment);
    }

    @Override
    public void event(StreamEvent event) {
        flushDelta(false);
        if (event instanceof CodeBlockOpened o) {
            openBlock = o;
        } else if (event instanceof CodeBlockClosing c && openBlock != null) {
            blocks.add(new CodeBlock(openBlock.info(), openBlock.fence(), openBlock.start(), openBlock.bodyStart(),
                    c.start(), c.end()));
            openBlock = null;
        }
        listener.event(event);
    }

    /** The end of a run: shows the prose read; at the end of the message, the open prose closes. */
    void endOfRun(boolean endOfMessage) {
        if (endOfMessage) {
            closeProse();
        } else {
            flushDelta(false);
        }
    }

    private void closeProse() {
        if (proseStart < 0) {
            return;
        }
        flushDelta(true);
        listener.completed(new Prose(text.substring(proseStart, proseEnd), proseStart, proseEnd, blocks));
        proseStart = -1;
        blocks.clear();
    }

    /** Hands over the prose not yet shown, keeping back half of a surrogate pair until its other half comes. */
    private void flushDelta(boolean all) {
        if (proseStart < 0) {
            return;
        }
        int end = proseEnd;
        if (!all && end > deltaFrom && Character.isHighSurrogate(text.charAt(end - 1))) {
            end--;
        }
        if (end > deltaFrom) {
            listener.prose(text, deltaFrom, end);
            deltaFrom = end;
        }
    }
}
