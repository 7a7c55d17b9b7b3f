package dev.rosetta.core.dialect.harmony;

import dev.rosetta.core.dialect.MarkupToken;
import dev.rosetta.core.dialect.TokenMatch;
import dev.rosetta.core.split.Input;
import dev.rosetta.core.split.Opening;
import dev.rosetta.core.split.Reader;
import dev.rosetta.core.tool.ToolCatalog;

/**
 * Claims a harmony message at {@code <|start|>} or {@code <|channel|>}, also after prose on a
 * line, and a stray {@code <|end|>}, {@code <|return|>} or {@code <|call|>}, which is markup and
 * never prose. At a line start it also claims a reply that begins inside its role header, the
 * {@code <|start|>assistant} being in the prompt: {@code  to=functions.NAME<|channel|>commentary…}
 * (llama.cpp's gpt-oss tests), when a harmony token follows the recipient on its line.
 */
final class HarmonyReader implements Reader {

    private final ToolCatalog tools;

    HarmonyReader(ToolCatalog tools) {
        this.tools = tools;
    }

    @Override
    public String lineStarts() {
        return "< \tt";
    }

    @Override
    public String secondChars(char first) {
        return switch (first) {
            case '<' -> "|";
            case 't' -> "o";
            default -> null;
        };
    }

    @Override
    public Opening open(Input in, int at) {
        if (in.charAt(at) != '<') {
            return roleHeader(in, at);
        }
        return openAtToken(in, at);
    }

    @Override
    public Opening openMidLine(Input in, int at) {
        return openAtToken(in, at);
    }

    private Opening openAtToken(Input in, int at) {
        if (in.charAt(at) != '<') {
            return Opening.NONE;
        }
        TokenMatch opener = TokenMatch.at(in, at, HarmonyTokens.OPENERS);
        if (opener.yes()) {
            return Opening.of(new HarmonyMessage(tools, at, opener.token().equals(HarmonyTokens.CHANNEL)));
        }
        Opening stray = MarkupToken.open(in, at, HarmonyTokens.CLOSERS);
        return opener.partial() && stray.kind() == Opening.Kind.NONE ? Opening.NEED_MORE : stray;
    }

    @Override
    public String midLineStarts() {
        return "<";
    }

    /** Longer than this, a line that starts with {@code to=} is no header. */
    private static final int MAX_HEADER = 256;

    /** {@code to=RECIPIENT} after spaces, then (after spaces) a header token. */
    private Opening roleHeader(Input in, int at) {
        int i = at;
        while (in.has(i) && (in.charAt(i) == ' ' || in.charAt(i) == '\t') && i - at < MAX_HEADER) {
            i++;
        }
        switch (in.match(i, "to=")) {
            case NO -> {
                return Opening.NONE;
            }
            case PARTIAL -> {
                return Opening.NEED_MORE;
            }
            case YES -> { }
        }
        i += 3;
        int name = i;
        while (in.has(i) && !Character.isWhitespace(in.charAt(i)) && in.charAt(i) != '<' && i - at < MAX_HEADER) {
            i++;
        }
        while (in.has(i) && (in.charAt(i) == ' ' || in.charAt(i) == '\t') && i - at < MAX_HEADER) {
            i++;
        }
        if (!in.has(i)) {
            return in.complete() ? Opening.NONE : Opening.NEED_MORE;
        }
        if (i == name || in.charAt(i) != '<') {
            return Opening.NONE;
        }
        TokenMatch token = TokenMatch.at(in, i, HEADER_TOKENS);
        return token.yes() ? Opening.of(HarmonyMessage.inRoleHeader(tools, at))
                : token.partial() ? Opening.NEED_MORE : Opening.NONE;
    }

    private static final java.util.List<String> HEADER_TOKENS = java.util.List.of(HarmonyTokens.CHANNEL,
            HarmonyTokens.CONSTRAIN, HarmonyTokens.MESSAGE);
}
