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
 * never prose.
 */
final class HarmonyReader implements Reader {

    private final ToolCatalog tools;

    HarmonyReader(ToolCatalog tools) {
        this.tools = tools;
    }

    @Override
    public Opening open(Input in, int at) {
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
}
