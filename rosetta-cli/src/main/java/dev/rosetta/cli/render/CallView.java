package dev.rosetta.cli.render;

import dev.rosetta.core.tool.CallTitle;
import dev.rosetta.core.tool.ToolUse;

/**
 * What the screen shows of a call: its {@link CallTitle} (the tool, its main argument, its body,
 * the same whatever spelled it) and the language the body is coloured in. Nothing here is made
 * safe yet: the renderer does that when it writes.
 *
 * @param title    the call as people read it
 * @param language how to colour the body, or null
 */
public record CallView(CallTitle title, Language language) {

    public static CallView of(ToolUse use) {
        CallTitle title = CallTitle.of(use);
        Language language = title.onlyJson() ? Language.JSON : languageOf(use.tool(), title.argument());
        return new CallView(title, language);
    }

    public String tool() {
        return title.tool();
    }

    /** What goes in the header after the name, or null. */
    public String argument() {
        return title.argument();
    }

    /** The code or content, or null. */
    public String body() {
        return title.body();
    }

    /** The header: the tool and its main argument. */
    public String header() {
        return title.header();
    }

    private static Language languageOf(String tool, String path) {
        return switch (tool) {
            case "shell" -> Language.BASH;
            case "ipython" -> Language.PYTHON;
            case "jshell" -> Language.JAVA;
            case "patch" -> Language.PATCH;
            case "save", "append" -> Language.ofPath(path);
            default -> null;
        };
    }
}
