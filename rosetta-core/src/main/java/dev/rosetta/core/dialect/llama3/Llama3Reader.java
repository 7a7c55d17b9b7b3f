package dev.rosetta.core.dialect.llama3;

import java.util.List;

import dev.rosetta.core.dialect.CallList;
import dev.rosetta.core.dialect.MarkupToken;
import dev.rosetta.core.split.Input;
import dev.rosetta.core.split.Opening;
import dev.rosetta.core.split.Reader;
import dev.rosetta.core.tool.ToolCatalog;

/**
 * Claims a Llama 3 call: {@code <|python_tag|>} anywhere (the marker says a call follows), or a
 * bare JSON object at the start of a line (after at most {@link #MAX_INDENT} spaces) whose first
 * key is {@code "name"} and names a loaded tool, or a JSON list of such objects (what models write
 * for several calls, under {@code tool_choice: required}, or when a server drops Mistral's
 * {@code [TOOL_CALLS]}). A bare object is the most ambiguous spelling there is — prose quotes JSON
 * all the time — so one that names anything else, or starts with another key, stays prose, and a
 * brace in the middle of a line is never asked about. End-of-turn tokens left in the text are markup.
 */
final class Llama3Reader implements Reader {

    static final int MAX_INDENT = 8;
    /** More whitespace than this between a list's bracket and its first object is not a list of calls. */
    private static final int MAX_GAP = 256;
    /** Llama's end-of-turn and end-of-message tokens, when a server leaves them in the text. */
    static final List<String> END_TOKENS = List.of("<|eot_id|>", "<|eom_id|>");

    private final ToolCatalog tools;

    Llama3Reader(ToolCatalog tools) {
        this.tools = tools;
    }

    @Override
    public String lineStarts() {
        return "<{[ \t";
    }

    @Override
    public String secondChars(char first) {
        return first == '<' ? "|" : null;
    }

    @Override
    public List<String> literalStarts() {
        return List.of(Llama3Block.PYTHON_TAG, END_TOKENS.get(0), END_TOKENS.get(1), "{", "[", " ", "\t");
    }

    @Override
    public Opening open(Input in, int at) {
        if (in.charAt(at) == '<') {
            return switch (in.match(at, Llama3Block.PYTHON_TAG)) {
                case YES -> Opening.of(Llama3Block.marked(tools, at));
                case PARTIAL -> Opening.NEED_MORE;
                case NO -> MarkupToken.open(in, at, END_TOKENS);
            };
        }
        int i = at;
        while (in.has(i) && (in.charAt(i) == ' ' || in.charAt(i) == '\t') && i - at < MAX_INDENT) {
            i++;
        }
        if (!in.has(i)) {
            return in.complete() ? Opening.NONE : Opening.NEED_MORE;
        }
        if (in.charAt(i) == '[') {
            return list(in, i);
        }
        if (in.charAt(i) != '{') {
            return Opening.NONE;
        }
        int brace = i;
        CallPeek.Result peek = CallPeek.nameAt(in, brace);
        if (peek.needMore()) {
            return Opening.NEED_MORE;
        }
        if (peek.name() == null) {
            return Opening.NONE;
        }
        return tools.resolve(peek.name())
                .map(spec -> Opening.of(Llama3Block.bare(tools, brace, spec.name())))
                .orElse(Opening.NONE);
    }

    private static final CallList.Reports LIST_REPORTS = new CallList.Reports("an empty list calls nothing",
            "the list of calls", "a list of calls holds only {\"name\": …, \"parameters\": {…}} objects, so this was not run");

    /** A list at {@code bracket} whose first element is a call of a loaded tool (whitespace, line breaks too, before it). */
    private Opening list(Input in, int bracket) {
        int i = bracket + 1;
        while (in.has(i) && Character.isWhitespace(in.charAt(i)) && i - bracket < MAX_GAP) {
            i++;
        }
        if (!in.has(i)) {
            return in.complete() ? Opening.NONE : Opening.NEED_MORE;
        }
        if (in.charAt(i) != '{') {
            return Opening.NONE;
        }
        CallPeek.Result peek = CallPeek.nameAt(in, i);
        if (peek.needMore()) {
            return Opening.NEED_MORE;
        }
        return peek.name() != null && tools.resolve(peek.name()).isPresent()
                ? Opening.of(CallList.list(Llama3Dialect.INSTANCE, tools, bracket, bracket, LIST_REPORTS))
                : Opening.NONE;
    }

    /** Only the marker opens after prose on a line; a bare object must start the line. */
    @Override
    public String midLineStarts() {
        return "<";
    }

    /**
     * After prose on its line, a marker with white space before it opens a call only when a JSON
     * object follows: a model emits the token glued to its text ("…handle this<|python_tag|>l=[…]",
     * functionary v3.1), while a sentence that names it ("may emit <|python_tag|> before the JSON",
     * "by writing <|python_tag|>brave_search.call(…) and") sets it apart as a word.
     */
    @Override
    public Opening openMidLine(Input in, int at) {
        if (in.match(at, Llama3Block.PYTHON_TAG) != Input.Match.YES || !Character.isWhitespace(in.charAt(at - 1))) {
            return open(in, at);
        }
        int i = at + Llama3Block.PYTHON_TAG.length();
        while (in.has(i) && Character.isWhitespace(in.charAt(i)) && i - at < MAX_GAP) {
            i++;
        }
        if (!in.has(i)) {
            return in.complete() ? Opening.NONE : Opening.NEED_MORE;
        }
        return in.charAt(i) == '{' ? open(in, at) : Opening.NONE;
    }
}
