package dev.rosetta.core.dialect.described;

import java.util.List;

import dev.rosetta.core.dialect.Dialect;
import dev.rosetta.core.split.Input;
import dev.rosetta.core.split.Opening;
import dev.rosetta.core.tool.ToolCatalog;

/**
 * The part of a described dialect's reader that reads one spelling of a call: its shape's scanner
 * with its markers. By default a call starts at one of the spelling's openers, and after prose
 * on a line when the description allows it.
 */
abstract class FormReader {

    protected final Dialect dialect;
    protected final CallForm form;
    protected final ToolCatalog tools;

    FormReader(Dialect dialect, CallForm form, ToolCatalog tools) {
        this.dialect = dialect;
        this.form = form;
        this.tools = tools;
    }

    /** Whether a call of this spelling starts at {@code at}, a line start when {@code lineStart}, else right after prose. */
    abstract Opening open(Input in, int at, boolean lineStart);

    /** The texts a call of this spelling may start with; the reader asks only where one may begin. */
    List<String> starts() {
        return form.open();
    }

    /** The texts a call of this spelling may start with right after prose on a line, when {@link #midLine}. */
    List<String> midLineStarts() {
        return starts();
    }

    /** Whether a call of this spelling may start right after prose on a line. */
    boolean midLine() {
        return form.midLine();
    }
}
