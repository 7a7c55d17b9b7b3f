package dev.rosetta.cli.ui;

import java.util.List;
import java.util.function.Consumer;

import dev.rosetta.agent.chat.AgentEvent;
import dev.rosetta.cli.render.MarkdownStream;
import dev.rosetta.cli.render.Tone;
import dev.rosetta.core.message.Role;

/**
 * A turn's events as the terminal UI shows them. Prose streams as rendered markdown, the same as
 * line mode and {@code /replay} (each line into the scrollback as it completes, the line being
 * written in the live region); reasoning shows as one moving line and folds to one dimmed line;
 * a call shows as "writing a save call" until it is read, then as a folded block; a running call
 * shows its last lines of output live, then its result folds into a block. Every call looks the
 * same whichever dialect spelled it, because all of them arrive here as the splitter's events.
 *
 * <p>Events come from the turn's thread; each is handled whole under {@link UiState}'s lock.
 */
final class EventView implements Consumer<AgentEvent> {

    private static final String WAITING = "waiting for the model";

    private final UiState state;
    private final Blocks blocks;
    private MarkdownStream prose;
    private StringBuilder thinking;

    EventView(UiState state) {
        this.state = state;
        this.blocks = new Blocks(state.style());
    }

    Blocks blocks() {
        return blocks;
    }

    @Override
    public void accept(AgentEvent event) {
        state.change(s -> handle(event, s));
    }

    /** The turn is over: what is held is written out, and the live region is empty again. */
    void endTurn() {
        state.change(s -> {
            endRuns(s);
            s.scrollback().screen().endLine();
            s.activity(Activity.IDLE);
        });
    }

    private void handle(AgentEvent event, UiState s) {
        switch (event) {
            case AgentEvent.ProseDelta p -> proseStream(s).feed(p.text());
            case AgentEvent.CodeBlockOpened o -> proseStream(s).openCode(o.info());
            case AgentEvent.CodeBlockClosing c -> proseStream(s).closingCode();
            case AgentEvent.ThinkingDelta t -> thinking(t.text(), s);
            case AgentEvent.CallStarted c -> {
                endRuns(s);
                s.activity(new Activity.WritingCall(Blocks.oneLine(c.tool())));
            }
            case AgentEvent.CallRead c -> block(blocks.call(c.use()), s);
            case AgentEvent.UnparsedRead u -> block(blocks.unparsed(u.unparsed()), s);
            case AgentEvent.ToolStarted t -> {
                endRuns(s);
                s.activity(new Activity.Running(blocks.running(t.use()), s.now(), new OutputTail()));
            }
            case AgentEvent.ToolRunning r -> { } // the Running activity began with ToolStarted
            case AgentEvent.ToolOutput o -> {
                if (s.activity() instanceof Activity.Running running) {
                    running.tail().write(o.bytes());
                }
            }
            case AgentEvent.ToolFinished f -> block(blocks.result(f.use(), f.result()), s);
            case AgentEvent.MessageAdded m -> {
                endRuns(s);
                s.activity(m.message().message().role() == Role.ASSISTANT ? Activity.IDLE
                        : new Activity.Waiting(WAITING));
            }
            case AgentEvent.UsageReport u -> s.counts(s.counts().plus(u.usage(), u.cost()));
            case AgentEvent.Notice n -> block(blocks.note(n.text()), s);
        }
    }

    /** The run of prose being shown, begun if need be. */
    private MarkdownStream proseStream(UiState s) {
        if (prose == null) {
            endRuns(s);
            s.activity(Activity.IDLE);
            s.scrollback().openProse();
            prose = new MarkdownStream(s.scrollback().screen(), s.style());
        }
        return prose;
    }

    private void thinking(String text, UiState s) {
        if (thinking == null) {
            endRuns(s);
            thinking = new StringBuilder();
            s.activity(new Activity.Thinking(thinking));
        }
        thinking.append(text);
    }

    private void block(Block block, UiState s) {
        endRuns(s);
        s.activity(Activity.IDLE);
        s.scrollback().add(block, s.width());
    }

    /** Ends the prose or reasoning being streamed: prose's held line is written, reasoning folds to its block. */
    private void endRuns(UiState s) {
        if (prose != null) {
            prose.finish();
            prose = null;
            s.scrollback().screen().endLine();
            s.scrollback().closeProse();
        }
        if (thinking != null) {
            String text = thinking.toString();
            thinking = null;
            if (!text.isBlank()) {
                s.scrollback().add(blocks.thinking(text), s.width());
            }
        }
    }

    /** A line of the UI's own (a command's output, "interrupted"), right below the last line. */
    void say(String line, boolean dim) {
        state.change(s -> {
            endRuns(s);
            s.activity(Activity.IDLE);
            String shown = dim ? s.style().paint(line, Tone.DIM) : line;
            s.scrollback().add(blocks.said(List.of(shown)), s.width(), false);
        });
    }

    /** A block of the UI's own (the user's message, a confirmation as answered). */
    void add(Block block) {
        state.change(s -> block(block, s));
    }

    /** A block right under the line before, without a blank line between (a command's answer, under the command). */
    void addBelow(Block block) {
        state.change(s -> {
            endRuns(s);
            s.activity(Activity.IDLE);
            s.scrollback().add(block, s.width(), false);
        });
    }

    /** {@link #add}, for a caller that holds the state's lock already. */
    void addTo(UiState s, Block block) {
        block(block, s);
    }
}
