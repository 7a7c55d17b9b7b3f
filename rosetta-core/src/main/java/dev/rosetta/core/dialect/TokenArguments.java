package dev.rosetta.core.dialect;

import java.util.List;

import dev.rosetta.core.dialect.attool.JsonExtent;
import dev.rosetta.core.split.Input;

/**
 * The arguments of a call written between special tokens ({@code <|tool_call_argument_begin|>{…}<|tool_call_end|>}):
 * a JSON object, optionally inside a {@code ```json} fence, read up to the first end token that
 * stands outside the object's strings — so a file whose text mentions the end token is not cut
 * there. Text before the object other than spaces and a fence line makes the arguments
 * unreadable (reported with JSON's own reason). Resumes where it stopped: streamed text is read once.
 */
public final class TokenArguments {

    private final int from;
    private final List<String> ends;
    /** The arguments end where their JSON balances: the call has no end token of its own. */
    private final boolean endsAtBalance;
    private int pos;
    private JsonExtent json;
    private int jsonStart = -1;
    private int jsonEnd = -1;
    private boolean inFenceLine;
    private boolean stray;
    private String end;

    /**
     * @param from where the arguments start
     * @param ends the tokens that end them (the call's closer, and the tokens that show it was left open)
     */
    public TokenArguments(int from, List<String> ends) {
        this(from, ends, false);
    }

    /**
     * @param from          where the arguments start
     * @param ends          the tokens that end them
     * @param endsAtBalance whether the brace that balances the object ends them too (a call with no end token)
     */
    public TokenArguments(int from, List<String> ends, boolean endsAtBalance) {
        this.from = from;
        this.pos = from;
        this.ends = List.copyOf(ends);
        this.endsAtBalance = endsAtBalance;
    }

    /**
     * Where the first end token starts, or -1 while it has not arrived; at the end of complete
     * input -1 means there is none.
     */
    public int find(Input in) {
        while (in.has(pos)) {
            char c = in.charAt(pos);
            if (json == null || jsonEnd >= 0 || json.outsideStrings()) {
                TokenMatch m = TokenMatch.at(in, pos, ends);
                if (m.yes()) {
                    end = m.token();
                    return pos;
                }
                if (m.partial()) {
                    return -1;
                }
            }
            if (json != null && jsonEnd < 0) {
                if (json.next(in)) {
                    jsonEnd = json.position();
                    if (endsAtBalance && !stray) {
                        end = null;
                        pos = jsonEnd;
                        return jsonEnd;
                    }
                }
                pos = json.position();
                continue;
            }
            if (json == null && !stray) {
                before(c);
                if (json != null) {
                    continue;
                }
            }
            pos++;
        }
        return -1;
    }

    /** A character before the object: spaces and a fence line are skipped, '{' starts the object. */
    private void before(char c) {
        if (inFenceLine) {
            inFenceLine = c != '\n';
        } else if (c == '{') {
            json = new JsonExtent(pos);
            jsonStart = pos;
        } else if (c == '`') {
            inFenceLine = true;
        } else if (!Character.isWhitespace(c)) {
            stray = true;
        }
    }

    /** Whether the arguments are a JSON object (not text that holds none, or text before one). */
    public boolean isJson() {
        return json != null && !stray;
    }

    /** The arguments as the text they are, without surrounding whitespace: what a tool taking text gets. */
    public String text(Input in, int stop) {
        return in.slice(from, stop).strip();
    }

    /** The end token {@link #find} found, or null when the JSON's balance ended the arguments. */
    public String end() {
        return end;
    }

    /** Whether the object's closing brace was read. */
    public boolean balanced() {
        return jsonEnd >= 0;
    }

    /** The JSON text to read, given that the arguments stop at {@code stop}: {@code {}} when they are empty. */
    public String json(Input in, int stop) {
        if (json != null && !stray) {
            return jsonEnd >= 0 ? in.slice(jsonStart, jsonEnd) : withoutFences(in.slice(jsonStart, stop));
        }
        String text = withoutFences(in.slice(from, stop));
        return text.isEmpty() ? "{}" : text;
    }

    /** The text without a fence line before it and a closing fence after it. */
    private static String withoutFences(String text) {
        String t = text.strip();
        if (t.startsWith("```")) {
            int nl = t.indexOf('\n');
            t = nl < 0 ? "" : t.substring(nl + 1).strip();
        }
        if (t.endsWith("```")) {
            t = t.substring(0, t.length() - 3).strip();
        }
        return t;
    }
}
