package dev.rosetta.core.dialect.markdown;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.function.Predicate;

import dev.rosetta.core.split.Block;
import dev.rosetta.core.split.Input;
import dev.rosetta.core.split.Output;
import dev.rosetta.core.split.ReasoningTag;
import dev.rosetta.core.split.Segment.Call;
import dev.rosetta.core.split.Segment.Unparsed;
import dev.rosetta.core.split.StreamEvent.CallStarted;
import dev.rosetta.core.split.StreamEvent.CodeBlockClosing;
import dev.rosetta.core.split.StreamEvent.CodeBlockOpened;
import dev.rosetta.core.tool.ToolUse;

/**
 * One fenced block, read line by line. Inside it, a fence with an info string opens a nested
 * block and a bare fence of that nested length closes it, so a {@code save} of a README whose
 * body holds a tagged code block round-trips. A longer outer fence holds bare shorter ones.
 *
 * <p>A bare fence of the block's own length closes a block of code at once (CommonMark's rule).
 * In a file body (save, append, patch) it is ambiguous when text follows it: it is then a
 * {@link PendingCloser}, read as the opener of an untagged inner block only if the rest of the
 * message pairs it — another bare fence of that length before any fence that calls a tool, and
 * the outer block still closes after that. Until that is settled the call is held, never
 * announced; when it closes after all, the block ends at that fence and the text after it is
 * read again as the rest of the message (see docs/DIALECTS.md for why this stays linear). When
 * the pair is the message's last line and the outer block never closed, the fence was a line of
 * the file and the pair closes the block: no reading that keeps the whole body is passed over.
 *
 * <p>A block that is prose announces where it opens and closes ({@link CodeBlockOpened},
 * {@link CodeBlockClosing}), so the renderer draws as code exactly the lines no reader may claim.
 */
final class FenceBlock implements Block {

    /** What a fence line inside the block does, by the rules above. */
    private enum Step { CONTENT, PUSH, POP, CLOSE, CLOSE_OVER_NESTED, GLUED }

    private final int start;
    private final int contentStart;
    private final FenceLine opener;
    private final int ticks;
    private final FenceKind kind;
    private final String tag;
    private final String info;
    /** Whether a tag calls a tool (an alias does not): such a fence settles a pending closer. */
    private final Predicate<String> callTag;
    /** Lengths of the nested blocks open inside this one, innermost last. */
    private final List<Integer> nested = new ArrayList<>();
    private PendingCloser pending;
    private int pos;
    private boolean midLine;
    private int lineWaitScan = -1;
    private boolean announced;
    private boolean gluedClose;
    /** An example block's closing fence line [closeLine, closeEnd), once found; what follows it decides what it is. */
    private int closeLine = -1;
    private int closeEnd = -1;
    /**
     * For an opener glued to the closer on the line before ({@code ```} then {@code ``````patch}):
     * the length it meant, tried when its own length never closes; else 0.
     */
    private int meantTicks;
    /** The lengths of the bare fence lines read, kept while {@link #meantTicks} may be tried. */
    private final BitSet bareLengths;
    private FenceBlock meant;

    FenceBlock(int start, int contentStart, FenceLine opener, FenceKind kind, Predicate<String> callTag) {
        this(start, contentStart, opener, kind, callTag, 0);
    }

    FenceBlock(int start, int contentStart, FenceLine opener, FenceKind kind, Predicate<String> callTag, int meantTicks) {
        this.start = start;
        this.contentStart = contentStart;
        this.opener = opener;
        this.meantTicks = meantTicks;
        this.bareLengths = meantTicks > 0 ? new BitSet() : null;
        this.ticks = opener.ticks();
        this.kind = kind;
        this.tag = opener.tag();
        this.info = opener.info().strip();
        this.callTag = callTag;
        this.pos = contentStart;
    }

    @Override
    public int advance(Input in, Output out) {
        announce(out);
        if (closeEnd >= 0) {
            return settleExample(in, out);
        }
        while (true) {
            if (pending != null && pending.phase == PendingCloser.Phase.NEXT_LINE) {
                PendingCloser.Verdict v = pending.nextLine(in);
                if (v == PendingCloser.Verdict.CLOSES || v == PendingCloser.Verdict.UNDECIDED && in.complete()) {
                    return closeAtPending(in, out);
                }
                if (v == PendingCloser.Verdict.UNDECIDED) {
                    return -1;
                }
                pending.phase = PendingCloser.Phase.INSIDE;
                nested.add(ticks);
            }
            if (!in.has(pos)) {
                break;
            }
            if (midLine || in.charAt(pos) != '`') {
                skipLine(in, out);
                continue;
            }
            int lineEnd = fenceLineEnd(in);
            if (lineEnd < 0) {
                return -1;
            }
            int closeEnd = onFenceLine(in, out, lineEnd);
            if (closeEnd >= 0) {
                return closeEnd;
            }
            emitProse(out, pos, lineEnd);
            pos = lineEnd;
        }
        if (in.complete() && pending != null && pending.phase == PendingCloser.Phase.INSIDE) {
            // The inner block it would open never closes: the fence closed the file.
            return closeAtPending(in, out);
        }
        if (in.complete() && pending != null && pending.pairedByTheLastLine(in)) {
            // Paired, the outer block never closes. Read as a line of the file instead, the fence
            // leaves the message's last line to close the block: the whole body, and a call.
            PendingCloser content = pending;
            pending = null;
            return close(in, out, content.pairStart, content.pairEnd);
        }
        if (in.complete() && meantTicks > 0 && !bareLengths.get(ticks)) {
            return readAsMeant(in, out);
        }
        return -1;
    }

    /**
     * The message ended and this block, whose opener was glued to the closer before it, never
     * closed at its own length (no bare fence of it follows): it is read once more at the length
     * the opener meant. What was learned of the rest of the message is kept, so a later glued
     * opener is read at its meant length at once and nothing is read to the end a third time.
     */
    private int readAsMeant(Input in, Output out) {
        BareFences.of(in).learn(contentStart, in.limit(), bareLengths);
        meant = new FenceBlock(start, contentStart, new FenceLine(meantTicks, opener.info()), kind, callTag);
        meant.announced = true;
        meantTicks = 0;
        return meant.advance(in, out);
    }

    @Override
    public void endOfInput(Input in, Output out) {
        announce(out);
        if (kind.isProse()) {
            emitProse(out, pos, in.limit());
            out.event(new CodeBlockClosing(in.limit(), in.limit()));
            return;
        }
        if (kind.tool() == null) {
            // An example block the reply ends in: reported as what it is, not as a call cut short.
            out.segment(new Unparsed(in.slice(start, in.limit()), MarkdownDialect.INSTANCE, kind.problem(), start,
                    in.limit()));
            return;
        }
        String fence = "`".repeat(ticks);
        String problem = "unclosed fence: the ```" + tag + " block was never closed, so it was not run"
                + " (the reply may have been cut off); end the block with a line of " + fence;
        if (pending != null) {
            // Read either way, something is left open: the file, or the block its bare fence began.
            problem += ". A bare " + fence + " line inside it may have closed it or opened a block in the file; "
                    + "to hold bare " + fence + " lines, open and close the block with " + fence + "`";
        }
        out.segment(new Unparsed(in.slice(start, in.limit()), MarkdownDialect.INSTANCE, problem, start, in.limit()));
    }

    @Override
    public boolean endsAtLineStart() {
        return meant != null ? meant.endsAtLineStart() : gluedClose;
    }

    private void announce(Output out) {
        if (announced) {
            return;
        }
        announced = true;
        if (kind.isProse()) {
            out.event(new CodeBlockOpened(info, "`".repeat(ticks), start, contentStart));
            out.prose(start, contentStart);
        } else if (kind.tool() != null) {
            out.event(new CallStarted(kind.tool().name(), MarkdownDialect.INSTANCE, start));
        }
    }

    /** A line that does not start with a backtick is content; read to its end. */
    private void skipLine(Input in, Output out) {
        int lineEnd = in.lineEnd(pos);
        int to = lineEnd < 0 ? in.limit() : lineEnd;
        emitProse(out, pos, to);
        midLine = lineEnd < 0;
        pos = to;
    }

    /** The end of the fence-like line at pos, once it is all there; -1 while it is still arriving. */
    private int fenceLineEnd(Input in) {
        int from = Math.max(pos, lineWaitScan);
        int nl = in.indexOf('\n', from);
        if (nl >= 0) {
            lineWaitScan = -1;
            return nl + 1;
        }
        if (in.complete()) {
            return in.limit();
        }
        lineWaitScan = in.limit();
        return -1;
    }

    /** Applies the fence rules to the line [pos, lineEnd); returns where the block ends, or -1. */
    private int onFenceLine(Input in, Output out, int lineEnd) {
        FenceLine line = FenceLine.parse(in.slice(pos, lineEnd), 0, lineEnd - pos);
        if (line == null) {
            return -1;
        }
        if (bareLengths != null && line.bare()) {
            bareLengths.set(line.ticks());
        }
        Step step = step(line);
        if (pending != null) {
            return onFenceLineWhilePending(in, out, line, step, lineEnd);
        }
        switch (step) {
            case POP -> nested.remove(nested.size() - 1);
            case PUSH -> nested.add(line.ticks());
            case CLOSE -> {
                if (!kind.fileBody()) {
                    return close(in, out, pos, lineEnd);
                }
                pending = new PendingCloser(pos, lineEnd);
            }
            case CLOSE_OVER_NESTED -> {
                return close(in, out, pos, lineEnd);
            }
            case GLUED -> {
                gluedClose = true;
                return close(in, out, pos, pos + ticks);
            }
            case CONTENT -> { }
        }
        return -1;
    }

    /**
     * The same rules while a bare fence is pending. Before its pair, a fence that calls a tool
     * (or names one) settles it as the closer, and so does a close while its inner block is open.
     * After the pair, fences nest as anywhere else, and the block's close settles it as an inner
     * opener.
     */
    private int onFenceLineWhilePending(Input in, Output out, FenceLine line, Step step, int lineEnd) {
        boolean paired = pending.phase == PendingCloser.Phase.AFTER_PAIR;
        switch (step) {
            case CLOSE -> {
                // Only after the pair: the first one was an inner opener, this one is the next question.
                pending = new PendingCloser(pos, lineEnd);
                return -1;
            }
            case CLOSE_OVER_NESTED -> {
                return paired ? closeNow(in, out, lineEnd) : closeAtPending(in, out);
            }
            case GLUED -> {
                pending = null;
                gluedClose = true;
                return close(in, out, pos, pos + ticks);
            }
            default -> { }
        }
        if (!paired && !line.bare() && line.opens() && callTag.test(line.tag())) {
            // The model moved on to its next call before pairing the fence: it was the closer.
            return closeAtPending(in, out);
        }
        if (step == Step.POP) {
            nested.remove(nested.size() - 1);
            if (nested.isEmpty()) {
                pending.paired(pos, lineEnd);
            }
        } else if (step == Step.PUSH) {
            nested.add(line.ticks());
        }
        return -1;
    }

    private Step step(FenceLine line) {
        int innermost = nested.isEmpty() ? 0 : nested.get(nested.size() - 1);
        if (line.ticks() == innermost && line.closesWithPunctuation() && nested.size() > pendingBlocks()) {
            // ```""" after a tagged example inside a string: it closes that example (CommonMark would
            // let the example run on, and the file would never close).
            return Step.POP;
        }
        if (line.bare()) {
            if (line.ticks() == innermost) {
                return Step.POP;
            }
            if (line.ticks() == ticks) {
                return nested.isEmpty() ? Step.CLOSE : Step.CLOSE_OVER_NESTED;
            }
            return Step.CONTENT;
        }
        if (nested.isEmpty() && gluedToTheNext(line)) {
            return Step.GLUED;
        }
        return line.opensNested() ? Step.PUSH : Step.CONTENT;
    }

    /** How many of the nested blocks are the untagged one a pending bare fence opened (0 or 1). */
    private int pendingBlocks() {
        return pending != null && pending.phase == PendingCloser.Phase.INSIDE ? 1 : 0;
    }

    /**
     * A closing fence with the next construct glued on: an opening fence ("```" then "```shell",
     * written as "``````shell") or a reasoning tag ("```<think>", "```</think>").
     */
    private boolean gluedToTheNext(FenceLine line) {
        if (line.ticks() == ticks) {
            return ReasoningTag.tagAt(line.info(), 0, line.info().length()) > 0;
        }
        return line.ticks() - ticks >= 3 && new FenceLine(line.ticks() - ticks, line.info()).opensNested();
    }

    private int closeNow(Input in, Output out, int lineEnd) {
        pending = null;
        return close(in, out, pos, lineEnd);
    }

    /** The pending fence closes the block after all; what follows it is read again as the rest of the message. */
    private int closeAtPending(Input in, Output out) {
        PendingCloser closer = pending;
        pending = null;
        return close(in, out, closer.lineStart, closer.lineEnd);
    }

    private int close(Input in, Output out, int closeLine, int end) {
        if (kind.isProse()) {
            out.event(new CodeBlockClosing(closeLine, end));
            emitProse(out, closeLine, end);
            return end;
        }
        if (kind.tool() == null) {
            this.closeLine = closeLine;
            this.closeEnd = end;
            pos = end;
            return settleExample(in, out);
        }
        String content = withoutFinalBreak(in.slice(contentStart, closeLine));
        ToolUse use = ToolUse.positional(kind.tool().name(), kind.args(), content);
        out.segment(new Call(use, MarkdownDialect.INSTANCE, in.slice(start, end), start, end));
        return end;
    }

    /**
     * An example block is closed: white space after it is looked at once (pos resumes the scan),
     * until text shows it was an example (prose) or the reply ends with it (reported).
     */
    private int settleExample(Input in, Output out) {
        while (in.has(pos) && Character.isWhitespace(in.charAt(pos))) {
            pos++;
        }
        if (in.has(pos)) {
            out.event(new CodeBlockOpened(info, "`".repeat(ticks), start, contentStart));
            out.prose(start, closeLine);
            out.event(new CodeBlockClosing(closeLine, closeEnd));
            out.prose(closeLine, closeEnd);
        } else if (in.complete()) {
            out.segment(new Unparsed(in.slice(start, closeEnd), MarkdownDialect.INSTANCE, kind.problem(), start, closeEnd));
        } else {
            return -1;
        }
        return closeEnd;
    }

    private void emitProse(Output out, int from, int to) {
        if (kind.isProse() && to > from) {
            out.prose(from, to);
        }
    }

    /** The body without the line break before the closing fence. */
    static String withoutFinalBreak(String body) {
        if (body.endsWith("\r\n")) {
            return body.substring(0, body.length() - 2);
        }
        return body.endsWith("\n") ? body.substring(0, body.length() - 1) : body;
    }
}
