package dev.rosetta.agent.config;

/**
 * The {@code [ui]} table: how the terminal UI shows calls and results in the scrollback. Null
 * fields are unset in a file; {@link Configuration#ui()} gives the settled values.
 *
 * @param collapse     {@code collapse = "auto"} (true: calls and results folded to a header and a
 *                     preview) or {@code "never"} (false: everything written out whole)
 * @param previewLines {@code preview_lines}: how many lines of a folded call or result show
 */
public record UiSettings(Boolean collapse, Integer previewLines) {

    /** Without any file: folded, eight lines of preview. */
    public static final UiSettings DEFAULT = new UiSettings(true, 8);

    /** The most lines a preview may be set to show. */
    static final int MAX_PREVIEW_LINES = 1000;

    /** Nothing set. */
    static final UiSettings UNSET = new UiSettings(null, null);

    /** These settings, with what is unset here taken from {@code fallback}. */
    UiSettings or(UiSettings fallback) {
        return new UiSettings(collapse != null ? collapse : fallback.collapse(),
                previewLines != null ? previewLines : fallback.previewLines());
    }
}
