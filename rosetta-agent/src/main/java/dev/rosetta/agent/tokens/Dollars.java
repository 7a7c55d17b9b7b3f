package dev.rosetta.agent.tokens;

import java.math.BigDecimal;
import java.math.RoundingMode;

/** A cost in US dollars as Rosetta writes it, wherever it shows one (/tokens, the usage line, the status line). */
public final class Dollars {

    private Dollars() {}

    /** Four decimals below a dollar (a reply costs fractions of a cent), two above; no trailing zeros past two. */
    public static String of(double cost) {
        if (cost > 0 && cost < 0.0001) {
            return "<$0.0001";
        }
        BigDecimal value = BigDecimal.valueOf(cost).setScale(cost < 1 ? 4 : 2, RoundingMode.HALF_UP)
                .stripTrailingZeros();
        if (value.scale() < 2) {
            value = value.setScale(2, RoundingMode.UNNECESSARY);
        }
        return "$" + value.toPlainString();
    }
}
