package dev.rosetta.cli.render;

import java.util.List;
import java.util.function.Consumer;

import dev.rosetta.agent.chat.AgentEvent;
import dev.rosetta.core.message.Role;
import dev.rosetta.core.split.Segment;
import dev.rosetta.core.tool.ToolResult;
import dev.rosetta.core.tool.ToolUse;

/**
 * Shows a turn in line mode, from its {@link AgentEvent}s: prose as rendered markdown while it
 * streams (its code blocks where the splitter found them), reasoning dimmed, every call the same way whichever dialect spelled it ({@code ▶ save
 * hello.txt} and its body), results with their error code, what could not be run with its
 * problem, notices, and a token line after each reply. A spinner fills the wait for a reply.
 *
 * <p>Everything from outside passes through {@link TerminalText} before it is written. Events may
 * come from any thread; each is handled whole under the screen's lock, which the spinner shares.
 *
 * <p>Call {@link #endTurn} when a turn is over (and before writing to the terminal yourself, as a
 * prompt does): it writes what is held back and stops the spinner.
 */
public final class TerminalRenderer implements Consumer<AgentEvent>, AutoCloseable {

    private static final String WAITING = "waiting for the model";

    private final Screen screen;
    private final TerminalStyle style;
    private final Spinner spinner;
    private MarkdownStream prose;
    private ThinkingStream thinking;
    private boolean waiting;

    public TerminalRenderer(Appendable out, TerminalStyle style) {
        this(out, style, FrameTimer.REAL);
    }

    /** With the spinner's frames drawn when {@code timer} says (tests draw them one by one). */
    TerminalRenderer(Appendable out, TerminalStyle style, FrameTimer timer) {
        this.screen = new Screen(out);
        this.style = style;
        this.spinner = new Spinner(screen, style, timer);
    }

    @Override
    public void accept(AgentEvent event) {
        screen.lock().lock();
        try {
            spinner.stop();
            handle(event);
            if (waiting) {
                spinner.start(WAITING);
            }
            screen.flush();
        } finally {
            screen.lock().unlock();
        }
    }

    /** Ends the turn on screen: held text written, the line ended, the spinner stopped. */
    public void endTurn() {
        screen.lock().lock();
        try {
            waiting = false;
            spinner.stop();
            endRun();
            screen.endLine();
            screen.flush();
        } finally {
            screen.lock().unlock();
        }
    }

    @Override
    public void close() {
        endTurn();
    }

    private void handle(AgentEvent event) {
        switch (event) {
            case AgentEvent.ProseDelta p -> prose(p.text());
            case AgentEvent.CodeBlockOpened o -> proseStream().openCode(o.info());
            case AgentEvent.CodeBlockClosing c -> proseStream().closingCode();
            case AgentEvent.ThinkingDelta t -> thinking(t.text());
            case AgentEvent.CallStarted s -> callStarted(s.tool());
            case AgentEvent.CallRead c -> block(() -> call(CallView.of(c.use())));
            case AgentEvent.UnparsedRead u -> block(() -> unparsed(u.unparsed()));
            case AgentEvent.ToolStarted s -> endRun();
            case AgentEvent.ToolRunning r -> { }
            case AgentEvent.ToolOutput o -> { } // line mode shows the output with the result
            case AgentEvent.ToolFinished f -> block(() -> result(f.use(), f.result()));
            case AgentEvent.MessageAdded m -> messageAdded(m.message().message().role());
            case AgentEvent.UsageReport u -> line(style.paint(UsageLine.of(u.usage(), u.cost()), Tone.DIM));
            case AgentEvent.Notice n -> line(style.paint("ℹ " + oneLine(n.text()), Tone.DIM));
        }
    }

    private void prose(String text) {
        proseStream().feed(text);
    }

    /** The run of prose being shown, begun if need be. */
    private MarkdownStream proseStream() {
        waiting = false;
        if (prose == null) {
            endRun();
            prose = new MarkdownStream(screen, style);
        }
        return prose;
    }

    private void thinking(String text) {
        waiting = false;
        if (thinking == null) {
            endRun();
            thinking = new ThinkingStream(screen, style);
        }
        thinking.feed(text);
    }

    /** A call is being written: the spinner says so until it is read (the text is shown then, once). */
    private void callStarted(String tool) {
        waiting = false;
        endRun();
        screen.endLine();
        spinner.start("writing a " + oneLine(tool) + " call");
    }

    /** The end of a reply starts the wait for the next one: after the user's message or a result. */
    private void messageAdded(Role role) {
        endRun();
        waiting = role != Role.ASSISTANT;
    }

    private void block(Runnable write) {
        waiting = false;
        endRun();
        screen.separate();
        write.run();
    }

    private void line(String text) {
        endRun();
        screen.endLine();
        screen.write(text + "\n");
    }

    /** Ends the prose or reasoning being streamed, if any. */
    private void endRun() {
        if (prose != null) {
            prose.finish();
            prose = null;
        }
        if (thinking != null) {
            thinking.finish();
            thinking = null;
        }
        screen.endLine();
    }

    private void call(CallView view) {
        screen.write(style.paint("▶", Tone.YELLOW) + " " + style.paint(oneLine(view.tool()), Tone.BOLD)
                + (view.argument() == null || view.argument().isBlank() ? "" : " " + oneLine(view.argument())) + "\n");
        if (view.body() != null && !view.body().isBlank()) {
            CodeHighlighter highlighter = new CodeHighlighter(view.language(), style);
            StringBuilder out = new StringBuilder();
            for (String line : TerminalText.safe(view.body().stripTrailing()).split("\n", -1)) {
                out.append("  ").append(highlighter.line(line)).append('\n');
            }
            screen.write(out.toString());
        }
    }

    private void result(ToolUse use, ToolResult result) {
        String mark = result.isError() ? style.paint("✗", Tone.RED, Tone.BOLD)
                : style.paint("✓", Tone.GREEN, Tone.BOLD);
        // A failure from a log older than error codes has none: it is shown without one, not given one.
        String code = result.code() != null ? " " + style.paint("[" + oneLine(result.code().code()) + "]", Tone.RED) : "";
        screen.write(mark + " " + style.paint(oneLine(use.tool()), Tone.BOLD) + code + "\n");
        String output = result.output();
        if (result.code() != null && output.startsWith(result.code().tag())) {
            output = output.substring(result.code().tag().length()).replaceFirst("^[ \t]*\n?", "");
        }
        excerpt(output, List.of());
    }

    private void unparsed(Segment.Unparsed u) {
        screen.write(style.paint("⚠", Tone.YELLOW) + " " + style.paint("not run: " + oneLine(u.problem()), Tone.DIM)
                + "\n");
        excerpt(u.raw(), List.of(Tone.DIM));
    }

    /** Writes text indented, cut to what fits on a screen. */
    private void excerpt(String text, List<Tone> tones) {
        Excerpt excerpt = Excerpt.of(TerminalText.safe(text));
        Tone[] look = tones.toArray(Tone[]::new);
        StringBuilder out = new StringBuilder();
        excerpt.head().forEach(l -> out.append("  ").append(style.paint(l, look)).append('\n'));
        if (excerpt.omitted() > 0) {
            out.append("  ").append(style.paint(excerpt.omission(), Tone.DIM)).append('\n');
        }
        excerpt.tail().forEach(l -> out.append("  ").append(style.paint(l, look)).append('\n'));
        screen.write(out.toString());
    }

    /** Text from outside, safe and on one line. */
    private static String oneLine(String text) {
        return TerminalText.oneLine(text);
    }
}
