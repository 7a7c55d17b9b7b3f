package dev.rosetta.core.split;

import java.util.Objects;

/**
 * The markers a model writes its reasoning between, beyond the common tags ({@link ReasoningTag}):
 * {@code <seed:think>}…{@code </seed:think>}, {@code <|START_THINKING|>}…{@code <|END_THINKING|>}.
 * Any closer ends any opener, as for the common tags.
 *
 * @param open  the opener
 * @param close the closer
 */
public record ReasoningMarkers(String open, String close) {

    public ReasoningMarkers {
        Objects.requireNonNull(open, "open");
        Objects.requireNonNull(close, "close");
        if (open.isEmpty() || close.isEmpty()) {
            throw new IllegalArgumentException("reasoning markers must not be empty");
        }
    }
}
