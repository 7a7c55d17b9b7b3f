package dev.rosetta.core.dialect;

import java.util.List;

import dev.rosetta.core.split.Input;
import dev.rosetta.core.split.Input.Match;

/**
 * Which of several tokens starts at a position: {@link Match#YES} with the token, or
 * {@link Match#PARTIAL} while the visible text ends inside a prefix of one, or {@link Match#NO}.
 *
 * @param match the answer
 * @param token the token that matched, when {@code match} is YES
 */
public record TokenMatch(Match match, String token) {

    private static final TokenMatch NO = new TokenMatch(Match.NO, null);
    private static final TokenMatch PARTIAL = new TokenMatch(Match.PARTIAL, null);

    public static TokenMatch at(Input in, int at, List<String> tokens) {
        boolean partial = false;
        char c = in.charAt(at);
        // Tokens mostly share their first character ('<'); the second tells most of them apart at once.
        char next = in.has(at + 1) ? in.charAt(at + 1) : 0;
        for (String token : tokens) {
            if (token.charAt(0) != c || next != 0 && token.length() > 1 && token.charAt(1) != next) {
                continue;
            }
            Match m = in.match(at, token);
            if (m == Match.YES) {
                // An earlier token still possible comes first, as it would in the whole text: wait for it.
                return partial ? PARTIAL : new TokenMatch(m, token);
            }
            partial |= m == Match.PARTIAL;
        }
        return partial ? PARTIAL : NO;
    }

    public boolean yes() {
        return match == Match.YES;
    }

    public boolean partial() {
        return match == Match.PARTIAL;
    }
}
