package dev.rosetta.core.dialect.harmony;

import java.util.List;
import java.util.Optional;

import dev.rosetta.core.dialect.NativeCalls;
import dev.rosetta.core.dialect.TokenArguments;
import dev.rosetta.core.dialect.TokenMatch;
import dev.rosetta.core.split.Block;
import dev.rosetta.core.split.Input;
import dev.rosetta.core.split.Input.Match;
import dev.rosetta.core.split.Output;
import dev.rosetta.core.split.Segment;
import dev.rosetta.core.split.Segment.Thinking;
import dev.rosetta.core.split.Segment.Unparsed;
import dev.rosetta.core.split.StreamEvent.CallStarted;
import dev.rosetta.core.split.StreamEvent.ThinkingDelta;
import dev.rosetta.core.tool.ToolCatalog;
import dev.rosetta.core.tool.ToolSpec;
import dev.rosetta.core.tool.ToolUse;

/**
 * One harmony message, {@code <|start|>HEADER<|message|>CONTENT<|end|>} (the output usually
 * starts at {@code <|channel|>}, its {@code <|start|>assistant} being in the prompt). The header
 * decides what the content is: a message with a recipient ({@code to=functions.NAME}) is a call,
 * on whichever channel; the analysis channel is thinking; everything else (final, a commentary
 * preamble) is prose. The content ends at {@code <|end|>}, {@code <|return|>} or {@code <|call|>}
 * (part of the message), at the next message's {@code <|start|>} or {@code <|channel|>}, or at the
 * end of the text: {@code <|call|>} and {@code <|return|>} are stop tokens a server may not show.
 * A call therefore runs at the end of the message when its JSON is complete, and not otherwise.
 * Inside a message no other dialect is read: the channel says what the text is.
 */
final class HarmonyMessage implements Block {

    private static final int MAX_HEADER = 256;

    private enum Kind { CALL, THINKING, PROSE }

    private final ToolCatalog tools;
    private final int start;
    private int pos;
    private HarmonyHeader header;
    private Kind kind;
    private int contentFrom;
    private int shownTo;
    private String recipient;
    private ToolSpec tool;
    private TokenArguments arguments;
    /** Where a header that never reached {@code <|message|>} stops, once known. */
    private int brokenAt = -1;
    private boolean channelSeen;

    /** The header's text is the role part of one opened by {@code <|start|>} in the prompt. */
    private boolean inRoleHeader;

    /** A message whose header starts at {@code start} with {@code <|start|>} or {@code <|channel|>}. */
    HarmonyMessage(ToolCatalog tools, int start, boolean atChannel) {
        this.tools = tools;
        this.start = start;
        this.pos = start + (atChannel ? HarmonyTokens.CHANNEL : HarmonyTokens.START).length();
        this.channelSeen = atChannel;
    }

    /** A message whose header starts at {@code start} inside its role part ({@code  to=functions.NAME<|channel|>…}). */
    static HarmonyMessage inRoleHeader(ToolCatalog tools, int start) {
        HarmonyMessage m = new HarmonyMessage(tools, start, false);
        m.pos = start;
        m.inRoleHeader = true;
        return m;
    }

    @Override
    public int advance(Input in, Output out) {
        if (header == null && !readHeader(in, out)) {
            return header == null && brokenAt >= 0 ? brokenAt : -1;
        }
        return kind == Kind.CALL ? call(in, out) : text(in, out);
    }

    /**
     * Reads up to {@code <|message|>}; false while it has not come, or when the header is broken:
     * a '<' that starts none of its tokens, a line break or too much text came first.
     */
    private boolean readHeader(Input in, Output out) {
        while (in.has(pos)) {
            if (in.charAt(pos) == '<') {
                Match message = in.match(pos, HarmonyTokens.MESSAGE);
                if (message == Match.YES) {
                    String text = in.slice(start, pos);
                    startContent(inRoleHeader ? HarmonyTokens.START + text : text, pos + HarmonyTokens.MESSAGE.length(), out);
                    return true;
                }
                Match channel = channelSeen ? Match.NO : in.match(pos, HarmonyTokens.CHANNEL);
                Match constrain = in.match(pos, HarmonyTokens.CONSTRAIN);
                if (message == Match.PARTIAL || channel == Match.PARTIAL || constrain == Match.PARTIAL) {
                    return false;
                }
                if (channel == Match.YES || constrain == Match.YES) {
                    channelSeen = true;
                    pos += (channel == Match.YES ? HarmonyTokens.CHANNEL : HarmonyTokens.CONSTRAIN).length();
                    continue;
                }
                // Headers hold words and these three tokens only; any other tag means this is no header.
                return broken(in, out, pos);
            }
            if (in.charAt(pos) == '\n' || pos - start >= MAX_HEADER) {
                return broken(in, out, pos);
            }
            pos++;
        }
        return false;
    }

    private boolean broken(Input in, Output out, int at) {
        out.segment(new Unparsed(in.slice(start, at), HarmonyDialect.INSTANCE,
                "this harmony header has no <|message|>, so what it announces was not read", start, at));
        brokenAt = at;
        return false;
    }

    private void startContent(String text, int from, Output out) {
        header = HarmonyHeader.parse(text);
        contentFrom = from;
        shownTo = from;
        pos = from;
        if (header.isCall()) {
            kind = Kind.CALL;
            recipient = header.recipient();
            tool = recipientTool(recipient).orElse(null);
            if (tool != null) {
                out.event(new CallStarted(tool.name(), HarmonyDialect.INSTANCE, start));
            }
            arguments = new TokenArguments(from, HarmonyTokens.ENDS);
        } else {
            kind = header.isAnalysis() ? Kind.THINKING : Kind.PROSE;
        }
    }

    /**
     * The tool a recipient names: {@code functions.NAME} is a declared function; a bare recipient
     * is one of gpt-oss's built-in namespaces ({@code python}), which may be a loaded tool's name
     * or the tag models use for it.
     */
    private Optional<ToolSpec> recipientTool(String to) {
        if (to.startsWith(HarmonyTokens.FUNCTIONS)) {
            return tools.resolve(to.substring(HarmonyTokens.FUNCTIONS.length()));
        }
        return tools.resolve(to).or(() -> tools.aliasOf(to));
    }

    private String toolName() {
        return recipient.startsWith(HarmonyTokens.FUNCTIONS) ? recipient.substring(HarmonyTokens.FUNCTIONS.length()) : recipient;
    }

    /** Thinking or prose, shown as it arrives, up to the token that ends the message. */
    private int text(Input in, Output out) {
        while (in.has(pos)) {
            if (in.charAt(pos) == '<') {
                TokenMatch end = TokenMatch.at(in, pos, HarmonyTokens.ENDS);
                if (end.partial()) {
                    break;
                }
                if (end.yes()) {
                    return endText(in, out, pos, end.token());
                }
            }
            pos++;
        }
        show(in, out, pos, false);
        return -1;
    }

    private int endText(Input in, Output out, int stop, String token) {
        int end = HarmonyTokens.CLOSERS.contains(token) ? stop + token.length() : stop;
        show(in, out, stop, true);
        if (kind == Kind.THINKING) {
            out.segment(new Thinking(in.slice(contentFrom, stop), start, end, contentFrom));
        }
        return end;
    }

    /** Hands over the text read so far (thinking as deltas, prose as prose), not half a surrogate pair. */
    private void show(Input in, Output out, int to, boolean all) {
        int end = !all && to > shownTo && Character.isHighSurrogate(in.charAt(to - 1)) ? to - 1 : to;
        if (end <= shownTo) {
            return;
        }
        if (kind == Kind.PROSE) {
            out.prose(shownTo, end);
        } else {
            out.event(new ThinkingDelta(in.slice(shownTo, end)));
        }
        shownTo = end;
    }

    private int call(Input in, Output out) {
        int stop = arguments.find(in);
        if (stop < 0) {
            return -1;
        }
        int end = HarmonyTokens.CLOSERS.contains(arguments.end()) ? stop + arguments.end().length() : stop;
        out.segment(callSegment(in, stop, end));
        return end;
    }

    private Segment callSegment(Input in, int stop, int end) {
        String raw = in.slice(start, end);
        if (tool == null) {
            return new Unparsed(raw, HarmonyDialect.INSTANCE, NativeCalls.unknownTool(toolName(), tools), start, end);
        }
        String content = in.slice(contentFrom, stop);
        if (!content.strip().startsWith("{") && tool.bodyParameter().isPresent()) {
            // A built-in tool such as python takes its code as it is, not as JSON.
            ToolUse use = ToolUse.positional(tool.name(), List.of(), content.strip());
            return NativeCalls.call(HarmonyDialect.INSTANCE, use, raw, start, end);
        }
        return NativeCalls.fromJson(HarmonyDialect.INSTANCE, tools, tool.name(), arguments.json(in, stop), null, raw, start, end);
    }

    @Override
    public void endOfInput(Input in, Output out) {
        int limit = in.limit();
        if (header == null) {
            out.segment(NativeCalls.incomplete(HarmonyDialect.INSTANCE, "this harmony header", in.slice(start, limit), start, limit));
        } else if (kind != Kind.CALL) {
            show(in, out, limit, true);
            if (kind == Kind.THINKING) {
                out.segment(new Thinking(in.slice(contentFrom, limit), start, limit, contentFrom));
            }
        } else if (arguments.balanced()) {
            out.segment(callSegment(in, limit, limit));
        } else {
            out.segment(NativeCalls.incomplete(HarmonyDialect.INSTANCE, "the call to " + toolName(),
                    in.slice(start, limit), start, limit));
        }
    }

    /** Messages follow one another on a line ({@code <|end|><|start|>…}): the next is read as at a line start. */
    @Override
    public boolean endsAtLineStart() {
        return true;
    }
}
