package dev.rosetta.cli.ui;

import java.util.concurrent.CompletableFuture;

import dev.rosetta.core.tool.ToolUse;
import dev.rosetta.tools.Decision;

/**
 * A confirmation waiting in the live region: the call, its preview, the question, and the answer
 * to come. Keys answer it only once it has been drawn, so a key typed before the user could see
 * it never says yes to it.
 */
final class Question {

    /** An answer: the decision (null when the user stopped the turn) and the word the scrollback keeps. */
    record Answer(Decision decision, String word) {}

    private final ToolUse use;
    private final String preview;
    private final String prompt;
    private final CompletableFuture<Answer> answer = new CompletableFuture<>();
    private volatile boolean shown;
    private volatile String note = "";

    /**
     * @param preview the preview's lines, styled, each ending with a line break
     * @param prompt  the question, styled ("Run save? [y]es [n]o [a]ll [e]dit")
     */
    Question(ToolUse use, String preview, String prompt) {
        this.use = use;
        this.preview = preview;
        this.prompt = prompt;
    }

    ToolUse use() {
        return use;
    }

    String preview() {
        return preview;
    }

    String prompt() {
        return prompt;
    }

    CompletableFuture<Answer> answer() {
        return answer;
    }

    /** Called once a frame has put the question on screen. */
    void markShown() {
        shown = true;
    }

    boolean shown() {
        return shown;
    }

    /** A line said under the question (a key that is no answer, an editor that failed). */
    String note() {
        return note;
    }

    void note(String text) {
        note = text;
    }
}
