package dev.rosetta.llm.model;

import java.util.Locale;

/** How a model prefers to change files (from Aider's measurements, as gptme records them). */
public enum EditFormat {
    /** Patch the changed lines. */
    DIFF,
    /** Write the whole file again. */
    WHOLE;

    /** The name in the data file: diff, whole. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The format named {@code id}, or null when there is none. */
    static EditFormat byId(String id) {
        for (EditFormat f : values()) {
            if (f.id().equals(id)) {
                return f;
            }
        }
        return null;
    }
}
