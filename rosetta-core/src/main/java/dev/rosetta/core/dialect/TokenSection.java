package dev.rosetta.core.dialect;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.rosetta.core.json.Json;
import dev.rosetta.core.json.JsonRepairException;
import dev.rosetta.core.split.Block;
import dev.rosetta.core.split.Input;
import dev.rosetta.core.split.Opening;
import dev.rosetta.core.split.Output;
import dev.rosetta.core.split.Segment;
import dev.rosetta.core.split.Segment.Unparsed;
import dev.rosetta.core.split.StreamEvent.CallStarted;
import dev.rosetta.core.tool.ToolCatalog;
import dev.rosetta.core.tool.ToolSpec;
import dev.rosetta.core.tool.ToolUse;

/**
 * A section of calls between special tokens, as DeepSeek and Kimi write them:
 * {@code SECTION_BEGIN (CALL_BEGIN header SEPARATOR arguments CALL_END)* SECTION_END}. Each call's
 * segment spans its {@code CALL_BEGIN … CALL_END}; the section's own tokens and the spaces
 * between calls are markup that belongs to no segment. A call whose {@code CALL_END} is missing
 * ends at the next {@code CALL_BEGIN} or at the {@code SECTION_END}; text in the section that is
 * not a token is read as a call whose {@code CALL_BEGIN} is missing. A call still open when the
 * message ends is incomplete, never run.
 */
public final class TokenSection implements Block {

    /** A dialect's tokens, and how its call header names the tool. */
    public interface Spelling {

        Dialect dialect();

        List<String> sectionBegins();

        List<String> sectionEnds();

        /** The tokens that begin a call: any of them. */
        List<String> callBegins();

        /** What may stand between the call header and the arguments; none: the arguments' brace ends the header. */
        List<String> separators();

        /** The token that ends a call, or null when a call ends with its arguments (balanced JSON, or text up to the next call). */
        String callEnd();

        /** Whether the tool's name follows the separator, as in DeepSeek V3's {@code function<｜tool▁sep｜>NAME}. */
        boolean nameAfterSeparator(String header);

        /** Tokens that end a call's arguments besides the call and section tokens (the end of a turn). */
        default List<String> argumentEnds() {
            return List.of();
        }

        /** The tool name the header gives (the header is stripped of spaces). */
        String toolName(String header);

        /** The call id the header carries, or null. */
        String callId(String header);

        /** The tool meant by a header that names none, judged from the arguments; empty if unknown. */
        default Optional<ToolSpec> toolFor(String header, Map<String, Object> arguments, ToolCatalog tools) {
            return Optional.empty();
        }
    }

    /** Longer call headers and names are not headers: the text is read as an unreadable call. */
    private static final int MAX_HEADER = 256;

    private enum State { BETWEEN, HEADER, NAME, ARGUMENTS }

    private final Spelling spelling;
    private final ToolCatalog tools;
    private final int start;
    private final List<String> argumentEnds;
    private State state = State.BETWEEN;
    private int pos;
    private boolean emitted;
    private int callStart;
    private int headerFrom;
    private String header;
    /** A line break followed the header's text: more text before the separator makes it unreadable. */
    private boolean brokenHeader;
    private boolean headerText;
    private int nameFrom;
    private String name;
    private TokenArguments arguments;
    private boolean announced;

    private TokenSection(Spelling spelling, ToolCatalog tools, int start, int contentStart) {
        this.spelling = spelling;
        this.tools = tools;
        this.start = start;
        this.pos = contentStart;
        List<String> ends = new ArrayList<>();
        if (spelling.callEnd() != null) {
            ends.add(spelling.callEnd());
        }
        ends.addAll(spelling.callBegins());
        ends.addAll(spelling.sectionEnds());
        ends.addAll(spelling.argumentEnds());
        this.argumentEnds = List.copyOf(ends);
    }

    /** A section, or a lone call without one, starting at {@code at}. */
    public static Opening open(Input in, int at, Spelling spelling, ToolCatalog tools) {
        TokenMatch section = TokenMatch.at(in, at, spelling.sectionBegins());
        if (section.yes()) {
            return Opening.of(new TokenSection(spelling, tools, at, at + section.token().length()));
        }
        TokenMatch call = TokenMatch.at(in, at, spelling.callBegins());
        if (call.yes()) {
            return Opening.of(new TokenSection(spelling, tools, at, at));
        }
        return section.partial() || call.partial() ? Opening.NEED_MORE : Opening.NONE;
    }

    @Override
    public int advance(Input in, Output out) {
        while (true) {
            int step = switch (state) {
                case BETWEEN -> between(in);
                case HEADER -> header(in);
                case NAME -> name(in);
                case ARGUMENTS -> arguments(in, out);
            };
            if (step != CONTINUE) {
                return step;
            }
        }
    }

    private static final int CONTINUE = -2;

    /**
     * Between calls: spaces are markup and a section end closes. A call begins at its token, or
     * (first thing in the section) at text whose token is missing; other text after the calls
     * ends a section whose end token is missing.
     */
    private int between(Input in) {
        while (in.has(pos) && Character.isWhitespace(in.charAt(pos))) {
            pos++;
        }
        if (!in.has(pos)) {
            return -1;
        }
        TokenMatch section = TokenMatch.at(in, pos, spelling.sectionEnds());
        if (section.yes()) {
            return pos + section.token().length();
        }
        TokenMatch call = TokenMatch.at(in, pos, spelling.callBegins());
        if (section.partial() || call.partial()) {
            return -1;
        }
        if (!call.yes() && (emitted || spelling.sectionBegins().isEmpty())) {
            return pos;
        }
        callStart = pos;
        headerFrom = call.yes() ? pos + call.token().length() : pos;
        pos = headerFrom;
        header = null;
        brokenHeader = false;
        headerText = false;
        name = null;
        state = State.HEADER;
        return CONTINUE;
    }

    /**
     * The header, up to the separator. Whitespace around it, line breaks too, is layout (Kimi K2
     * writes {@code <|tool_call_begin|>\nfunctions.NAME:0 <|tool_call_argument_begin|>}). A header
     * broken over lines, one that meets another token first or one that runs on too long is
     * unreadable: the call is read to its end and reported.
     */
    private int header(Input in) {
        while (in.has(pos)) {
            TokenMatch sep = TokenMatch.at(in, pos, spelling.separators());
            if (sep.yes()) {
                header = in.slice(headerFrom, pos).strip();
                pos += sep.token().length();
                return afterHeader();
            }
            char c = in.charAt(pos);
            if (spelling.separators().isEmpty() && (c == '{' || c == '[') && headerText) {
                header = in.slice(headerFrom, pos).strip();
                return afterHeader();
            }
            TokenMatch end = TokenMatch.at(in, pos, argumentEnds);
            if (sep.partial() || end.partial()) {
                return -1;
            }
            if (end.yes() || pos - headerFrom >= MAX_HEADER || brokenHeader && !Character.isWhitespace(c)) {
                arguments = new TokenArguments(headerFrom, argumentEnds);
                state = State.ARGUMENTS;
                return CONTINUE;
            }
            if (c == '\n' && headerText) {
                brokenHeader = true;
            }
            headerText |= !Character.isWhitespace(c);
            pos++;
        }
        return -1;
    }

    private int afterHeader() {
        if (spelling.nameAfterSeparator(header)) {
            nameFrom = pos;
            state = State.NAME;
        } else {
            name = spelling.toolName(header);
            startArguments();
        }
        return CONTINUE;
    }

    /** DeepSeek V3's name after the separator: up to a space, a fence, a brace or a token. */
    private int name(Input in) {
        while (in.has(pos) && isNameChar(in.charAt(pos)) && pos - nameFrom < MAX_HEADER) {
            pos++;
        }
        if (!in.has(pos)) {
            return -1;
        }
        name = pos == nameFrom ? spelling.toolName(header) : in.slice(nameFrom, pos);
        startArguments();
        return CONTINUE;
    }

    private static boolean isNameChar(char c) {
        return !Character.isWhitespace(c) && c != '`' && c != '{' && c != '<';
    }

    private void startArguments() {
        arguments = new TokenArguments(pos, argumentEnds, spelling.callEnd() == null);
        state = State.ARGUMENTS;
        announced = false;
    }

    private int arguments(Input in, Output out) {
        if (!announced && name != null) {
            tools.resolve(name).ifPresent(spec -> out.event(new CallStarted(spec.name(), spelling.dialect(), callStart)));
        }
        announced = true;
        int stop = arguments.find(in);
        if (stop < 0) {
            return -1;
        }
        boolean closed = spelling.callEnd() != null && spelling.callEnd().equals(arguments.end());
        int end = closed ? stop + spelling.callEnd().length() : stop;
        out.segment(segment(in, stop, end));
        emitted = true;
        pos = end;
        state = State.BETWEEN;
        return CONTINUE;
    }

    private Segment segment(Input in, int stop, int end) {
        String raw = in.slice(callStart, end);
        if (header == null) {
            return new Unparsed(raw, spelling.dialect(), "this call has no " + String.join(" or ", spelling.separators())
                    + " between its name and its arguments, so it was not run", callStart, end);
        }
        if (isText(arguments.text(in, stop))) {
            return textCall(arguments.text(in, stop), raw, end);
        }
        String json = arguments.json(in, stop);
        String text = textIn(json);
        if (text != null) {
            return textCall(text, raw, end);
        }
        String tool = tools.resolve(name).or(() -> guess(json)).map(ToolSpec::name).orElse(name);
        return NativeCalls.fromJson(spelling.dialect(), tools, tool, json, spelling.callId(header), raw, callStart, end);
    }

    /** Arguments that are not JSON gone wrong but text: they start with no brace, bracket, quote or fence. */
    private boolean isText(String text) {
        return !arguments.isJson() && !text.isEmpty() && "{[\"`".indexOf(text.charAt(0)) < 0;
    }

    /**
     * The text arguments stand for where they are no JSON object: a fenced block's body
     * ({@code ```\nweather in SF\n```}), or a JSON string that holds no object
     * ({@code "weather in SF"}, as ReAct agents quote their input); null for JSON.
     */
    private String textIn(String json) {
        if (!arguments.isJson() && !json.isEmpty() && "{[\"".indexOf(json.charAt(0)) < 0) {
            return json;
        }
        if (json.startsWith("\"") && !json.strip().substring(1).stripLeading().startsWith("{")) {
            try {
                return Json.read(json) instanceof String quoted ? quoted : null;
            } catch (RuntimeException e) {
                return null;
            }
        }
        return null;
    }

    /** Arguments that are text, not JSON: the body of a tool that takes one (code for python), else a report. */
    private Segment textCall(String text, String raw, int end) {
        Optional<ToolSpec> spec = tools.resolve(name).or(() -> tools.aliasOf(name));
        if (spec.isEmpty()) {
            return new Unparsed(raw, spelling.dialect(), UnknownTool.problem(name, "this call", tools), callStart, end);
        }
        ToolUse use = TextArguments.use(spec.get(), text, spelling.callId(header));
        if (use == null) {
            return new Unparsed(raw, spelling.dialect(), "the arguments of " + name + " are text, not a JSON object,"
                    + " so it was not run: text goes only to a tool with one required text parameter; give "
                    + name + "'s arguments as a JSON object", callStart, end);
        }
        return NativeCalls.call(spelling.dialect(), use, raw, callStart, end);
    }

    private Optional<ToolSpec> guess(String json) {
        try {
            return spelling.toolFor(header, NativeCalls.arguments(json), tools);
        } catch (JsonRepairException e) {
            return Optional.empty();
        }
    }

    @Override
    public void endOfInput(Input in, Output out) {
        if (state == State.ARGUMENTS && spelling.callEnd() == null && endsWithTheTurn(in)) {
            // Text after a marker with no end token (code for python) ends with the turn: the server took the end token.
            out.segment(segment(in, in.limit(), in.limit()));
            return;
        }
        if (state != State.BETWEEN) {
            String what = name != null ? "the call to " + name : "a call";
            out.segment(NativeCalls.incomplete(spelling.dialect(), what, in.slice(callStart, in.limit()),
                    callStart, in.limit()));
        } else if (!emitted) {
            out.segment(NativeCalls.incomplete(spelling.dialect(), "a tool-call section with no call in it",
                    in.slice(start, in.limit()), start, in.limit()));
        }
    }

    /**
     * Whether text arguments of a call with no end token are whole when the message ends: plain
     * text, a fenced block whose closing fence came, or a quoted string that closed.
     */
    private boolean endsWithTheTurn(Input in) {
        String text = arguments.text(in, in.limit());
        if (isText(text)) {
            return true;
        }
        boolean fenced = text.startsWith("```") && text.length() > 6 && text.endsWith("```");
        return (fenced || text.startsWith("\"")) && textIn(arguments.json(in, in.limit())) != null;
    }

    /** After the section, text goes on as if at a line start: the tokens are a boundary. */
    @Override
    public boolean endsAtLineStart() {
        return true;
    }
}
