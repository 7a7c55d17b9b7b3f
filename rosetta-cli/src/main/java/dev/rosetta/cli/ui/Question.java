package dev.rosetta.cli.ui;

import java.util.List;
import java.util.concurrent.CompletableFuture;

import dev.rosetta.core.tool.ToolUse;
import dev.rosetta.tools.Decision;
import dev.rosetta.tools.Preview;
import dev.rosetta.tools.permission.PermissionRule;

/**
 * A confirmation waiting in the live region: the call, its preview, the question, and the answer
 * to come. Keys answer it only once it has been drawn, so a key typed before the user could see
 * it never says yes to it. A preview taller than the region is never cut: it shows a window of
 * rows, which the keys scroll; where the window is, is kept here.
 */
final class Question {

    /** An answer: the decision (null when the user stopped the turn) and the word the scrollback keeps. */
    record Answer(Decision decision, String word) {}

    private final String id;
    private final ToolUse use;
    private final Preview call;
    private final String preview;
    private final String prompt;
    private final List<PermissionRule> remember;
    private final CompletableFuture<Answer> answer = new CompletableFuture<>();
    private volatile boolean shown;
    private volatile boolean offering;
    private volatile String note = "";
    /** The first row of the preview shown, how many show, and how many there are (set as a frame is laid out). */
    private int top;
    private int window;
    private int rows;

    /**
     * @param id      the host's question this shows
     * @param call    what the call will do, as its tool described it (null when not known)
     * @param preview the preview's lines, styled, each ending with a line break
     * @param prompt  the question, styled ("Run save? [y]es [n]o [a]lways [e]dit")
     * @param remember the rules {@code a} offers to remember (narrowest first); empty: {@code a} is yes to all
     */
    Question(String id, ToolUse use, Preview call, String preview, String prompt, List<PermissionRule> remember) {
        this.id = id;
        this.use = use;
        this.call = call;
        this.preview = preview;
        this.prompt = prompt;
        this.remember = List.copyOf(remember);
    }

    Question(ToolUse use, String preview, String prompt) {
        this("q0", use, null, preview, prompt, List.of());
    }

    /** The host's question this shows. */
    String id() {
        return id;
    }

    /** What the call will do, as the tool described it (the editor opens JSON arguments as JSON); null when not known. */
    Preview call() {
        return call;
    }

    List<PermissionRule> remember() {
        return remember;
    }

    /** Whether {@code a} was pressed and the rules to remember are offered: the next key picks one, or goes back. */
    boolean offering() {
        return offering;
    }

    void offering(boolean value) {
        offering = value;
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

    /**
     * Where the window onto the preview starts, for a frame that shows {@code window} of its
     * {@code rows} rows: kept inside the preview (a narrower screen has more rows).
     */
    synchronized int top(int window, int rows) {
        this.window = window;
        this.rows = rows;
        top = Math.max(0, Math.min(top, rows - window));
        return top;
    }

    /** Whether the last frame showed only part of the preview, so the keys scroll it. */
    synchronized boolean scrollable() {
        return rows > window;
    }

    /** Moves the window by {@code by} rows (negative: up), or by {@code pages} windows less one row of overlap. */
    synchronized void scroll(int by, int pages) {
        int step = by + pages * Math.max(1, window - 1);
        top = Math.max(0, Math.min(top + step, rows - window));
    }

    /** A line said under the question (a key that is no answer, an editor that failed). */
    String note() {
        return note;
    }

    void note(String text) {
        note = text;
    }
}
