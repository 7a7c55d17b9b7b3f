package dev.rosetta.cli.terminal;

import java.util.function.Consumer;

import dev.rosetta.agent.chat.AgentEvent;
import dev.rosetta.agent.session.NumberedEvent;
import dev.rosetta.agent.session.SessionEvent;
import dev.rosetta.cli.render.PreviewText;
import dev.rosetta.cli.render.TerminalChannel;
import dev.rosetta.cli.render.TerminalStyle;
import dev.rosetta.cli.render.TerminalText;
import dev.rosetta.cli.render.Tone;

/**
 * A session's events written out a line at a time (the line prompts, {@code --output-format json}):
 * the turn's events through a renderer (markdown and call blocks, or JSON lines), what a command says
 * as lines on its own channel, after the renderer has ended what it was showing. Questions and the
 * ends of inputs are the front end's to act on; this only shows.
 */
public final class EventPrinter implements Consumer<NumberedEvent> {

    private final Consumer<AgentEvent> renderer;
    private final Runnable endOutput;
    private final TerminalChannel said;
    private final TerminalStyle style;

    /**
     * @param renderer  shows the turn's events
     * @param endOutput ends what the renderer holds (text held back, the spinner) before a line of another kind
     * @param said      where a command's lines go
     */
    public EventPrinter(Consumer<AgentEvent> renderer, Runnable endOutput, TerminalChannel said, TerminalStyle style) {
        this.renderer = renderer;
        this.endOutput = endOutput;
        this.said = said;
        this.style = style;
    }

    @Override
    public void accept(NumberedEvent numbered) {
        show(numbered.event());
    }

    /** Shows one event (a resumed conversation's are shown this way too, without numbers). */
    public void show(SessionEvent event) {
        switch (event) {
            case SessionEvent.Agent a -> renderer.accept(a.event());
            case SessionEvent.Said s -> {
                endOutput.run();
                switch (s.tone()) {
                    case PLAIN -> said.line(s.text());
                    case STRONG -> said.append(style.paint(TerminalText.safe(s.text()), Tone.BOLD)).append('\n').flush();
                    case PROBLEM -> said.line("rosetta: " + s.text());
                }
            }
            case SessionEvent.ChangeShown c -> {
                endOutput.run();
                said.append(PreviewText.of(c.change(), style)).flush();
            }
            case SessionEvent.UserShown u -> {
                endOutput.run();
                said.line("you> " + u.text());
            }
            case SessionEvent.TurnEnded t -> endOutput.run();
            case SessionEvent.TurnStarted t -> { }
            case SessionEvent.Queued q -> { }
            case SessionEvent.QuestionAsked q -> endOutput.run();
            case SessionEvent.QuestionAnswered q -> { }
            case SessionEvent.StatusChanged s -> { }
            case SessionEvent.Missed m -> { }
        }
    }
}
