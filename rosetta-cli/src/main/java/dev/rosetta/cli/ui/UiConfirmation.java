package dev.rosetta.cli.ui;

import java.util.function.Consumer;

import dev.rosetta.agent.session.Answer;
import dev.rosetta.cli.render.PreviewText;
import dev.rosetta.cli.render.TerminalStyle;
import dev.rosetta.cli.render.Tone;
import dev.rosetta.cli.terminal.RuleText;
import dev.rosetta.tools.Decision;
import dev.rosetta.tools.Preview;

/**
 * The host's "run this call?" in the live region: the preview (the command, or the file change as a
 * diff in colour), then "Run save? [y]es [n]o [a]lways [e]dit" under it, while the prompt stays where
 * it is. The keys are read by the line editor ({@link InlineUi}) and answer the {@link Question}
 * shown; once the host has its answer (from here, or from another front end first), the preview and
 * the answer go into the scrollback. Esc or Ctrl-C stop the turn instead.
 */
final class UiConfirmation {

    private final UiState state;
    private final EventView view;

    UiConfirmation(UiState state, EventView view) {
        this.state = state;
        this.view = view;
    }

    /**
     * Shows the question; a key's answer goes to {@code answered} (null: the user stopped the turn).
     * With rules to remember, {@code a} offers them; without, it is yes to this call and every later one.
     */
    void ask(dev.rosetta.agent.session.Question.Permission asked, Consumer<Decision> answered) {
        TerminalStyle style = state.style();
        Preview preview = asked.preview();
        Scrollback.Folding folding = state.read(s -> s.scrollback().folding());
        boolean folded = preview instanceof Preview.FileChange f && f.creates() && folding.collapse()
                && PreviewText.addedLines(f) > folding.previewLines() + 1;
        // A new file folded under its call is shown whole here: nothing runs unseen.
        String shown = folded ? PreviewText.whole(preview, style) : PreviewText.of(preview, style);
        Question q = new Question(asked.id(), asked.use(), preview, shown, question(asked) + style.paint(
                "[y]es [n]o [a]lways [e]dit", Tone.DIM), asked.remember());
        q.answer().thenAccept(a -> answered.accept(a.decision()));
        state.change(s -> s.question(q));
    }

    private String question(dev.rosetta.agent.session.Question.Permission asked) {
        return state.style().paint("Run " + Blocks.oneLine(asked.use().tool()) + "?", Tone.BOLD) + " ";
    }

    /** The host has the answer: the question leaves the live region, into the scrollback with the answer. */
    void answered(dev.rosetta.agent.session.Question.Permission asked, Answer answer) {
        Question q = state.read(UiState::question);
        if (q == null || !q.id().equals(asked.id())) {
            return;
        }
        state.change(s -> s.question(null));
        String question = question(asked);
        String word = state.style().paint(word(answer), Tone.DIM);
        if (asked.preview() instanceof Preview.Command) {
            // the command is in the call's block just above: the answer goes right under it
            view.addBelow(view.blocks().confirmation("", question, word));
        } else {
            view.add(view.blocks().confirmation(q.preview(), question, word));
        }
    }

    /** The answer as the scrollback keeps it. */
    static String word(Answer answer) {
        if (!(answer instanceof Answer.Decided decided)) {
            return "stopped";
        }
        return switch (decided.decision()) {
            case Decision.Yes y -> "yes";
            case Decision.No n -> "no";
            case Decision.YesToAll a -> "all";
            case Decision.Remember r -> "always: " + RuleText.of(r.rule());
            case Decision.Refuse r -> "never: " + RuleText.of(r.rule());
            case Decision.Edit e -> "edited";
        };
    }
}
