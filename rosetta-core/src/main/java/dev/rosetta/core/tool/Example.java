package dev.rosetta.core.tool;

import java.util.Objects;

/**
 * One worked example of a tool, written once and rendered by every dialect, so the prompt's
 * examples can never disagree with what the readers accept.
 *
 * @param request what the user asked
 * @param lead    the assistant's sentence before the call (may be empty)
 * @param use     the call
 * @param result  what the tool answered (may be empty)
 */
public record Example(String request, String lead, ToolUse use, String result) {

    public Example {
        Objects.requireNonNull(request, "request");
        Objects.requireNonNull(use, "use");
        lead = lead == null ? "" : lead;
        result = result == null ? "" : result;
    }
}
