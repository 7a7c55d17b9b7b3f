package dev.rosetta.core.dialect.described;

import java.util.List;

import dev.rosetta.core.split.Input;
import dev.rosetta.core.split.Opening;

/** The part of a described dialect's reader that reads one spelling of a call: its shape's scanner with its markers. */
interface FormReader {

    /** Whether a call of this spelling starts at {@code at}, a line start when {@code lineStart}, else right after prose. */
    Opening open(Input in, int at, boolean lineStart);

    /** The texts a call of this spelling may start with (its openers); the reader asks only where one may begin. */
    List<String> starts();

    /** Whether a call of this spelling may start right after prose on a line. */
    boolean midLine();
}
