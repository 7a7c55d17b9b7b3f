package dev.rosetta.web.conversation;

import dev.rosetta.agent.session.SessionSpec;

/** What the server asks of a conversation it opens: the serve command's defaults, with the page's choices. */
final class Specs {

    private Specs() {}

    static SessionSpec resume(SessionSpec d, String id) {
        return new SessionSpec(true, id, null, null, null, d.tools(), d.confirmCalls(), d.confine(), d.mcp(),
                d.servers(), d.stream(), d.thinking(), d.maxSteps(), d.sandbox());
    }

    static SessionSpec fresh(SessionSpec d, String name, String model, String format, String workspace) {
        return new SessionSpec(false, blankless(name), or(blankless(workspace), d.workspace()),
                or(blankless(model), d.model()), or(blankless(format), d.toolFormat()), d.tools(), d.confirmCalls(),
                d.confine(), d.mcp(), d.servers(), d.stream(), d.thinking(), d.maxSteps(), d.sandbox());
    }

    private static String blankless(String s) {
        return s == null || s.isBlank() ? null : s.strip();
    }

    private static String or(String a, String b) {
        return a != null ? a : b;
    }
}
