package dev.rosetta.agent.config;

/**
 * One file's {@code [context]} table; each field null when the file does not set it.
 *
 * @param compactAt  {@code compact_at}
 * @param compactTo  {@code compact_to}
 * @param keepRecent {@code keep_recent}
 * @param window     {@code window}
 */
public record ContextPart(Double compactAt, Double compactTo, Integer keepRecent, Integer window) {

    public static final ContextPart NONE = new ContextPart(null, null, null, null);

    static ContextPart read(ConfigTable root) {
        ConfigTable context = root.table("context");
        if (context == null) {
            return NONE;
        }
        Double at = context.number("compact_at", 0.05, 1.0);
        Double to = context.number("compact_to", 0.01, 1.0);
        Long keep = context.integer("keep_recent", 1, 1_000);
        Long window = context.integer("window", 1_000, 100_000_000);
        context.finish("compact_at", "compact_to", "keep_recent", "window");
        return new ContextPart(at, to, keep == null ? null : keep.intValue(), window == null ? null : window.intValue());
    }
}
