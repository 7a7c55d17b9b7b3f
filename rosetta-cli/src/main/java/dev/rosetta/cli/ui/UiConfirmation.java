package dev.rosetta.cli.ui;

import java.util.List;
import java.util.concurrent.ExecutionException;

import dev.rosetta.cli.render.PreviewText;
import dev.rosetta.cli.render.TerminalStyle;
import dev.rosetta.cli.render.Tone;
import dev.rosetta.core.tool.ToolUse;
import dev.rosetta.tools.Confirmation;
import dev.rosetta.tools.Decision;
import dev.rosetta.tools.Preview;
import dev.rosetta.tools.permission.PermissionRule;

/**
 * Asks before a call runs, in the live region: the preview (the command, or the file change as a
 * diff in colour), then "Run save? [y]es [n]o [a]lways [e]dit" under it, while the prompt stays where
 * it is. The keys are read by the line editor ({@link InlineUi}) and answer the {@link Question}
 * this waits for; once answered, the preview and the answer go into the scrollback. Esc or Ctrl-C
 * stop the turn instead (this thread is interrupted).
 */
final class UiConfirmation implements Confirmation {

    private final UiState state;
    private final EventView view;

    UiConfirmation(UiState state, EventView view) {
        this.state = state;
        this.view = view;
    }

    @Override
    public Decision confirm(ToolUse use, Preview preview) throws InterruptedException {
        return confirm(use, preview, List.of());
    }

    /** With rules to remember, {@code a} offers them; without, it is yes to this call and every later one. */
    @Override
    public Decision confirm(ToolUse use, Preview preview, List<PermissionRule> remember) throws InterruptedException {
        TerminalStyle style = state.style();
        Scrollback.Folding folding = state.read(s -> s.scrollback().folding());
        boolean folded = preview instanceof Preview.FileChange f && f.creates() && folding.collapse()
                && PreviewText.addedLines(f) > folding.previewLines() + 1;
        // A new file folded under its call is shown whole here: nothing runs unseen.
        String shown = folded ? PreviewText.whole(preview, style) : PreviewText.of(preview, style);
        String question = style.paint("Run " + Blocks.oneLine(use.tool()) + "?", Tone.BOLD) + " ";
        Question q = new Question(use, preview, shown, question + style.paint("[y]es [n]o [a]lways [e]dit", Tone.DIM),
                remember);
        state.change(s -> s.question(q));
        Question.Answer answer = null;
        try {
            answer = q.answer().get();
        } catch (ExecutionException e) {
            answer = new Question.Answer(new Decision.No("the confirmation failed: " + e.getCause()), "no");
        } finally {
            state.change(s -> s.question(null));
            String word = style.paint(answer == null ? "stopped" : answer.word(), Tone.DIM);
            if (preview instanceof Preview.Command) {
                // the command is in the call's block just above: the answer goes right under it
                view.addBelow(view.blocks().confirmation("", question, word));
            } else {
                view.add(view.blocks().confirmation(shown, question, word));
            }
        }
        if (answer.decision() == null) {
            throw new InterruptedException("the user stopped the turn at the confirmation");
        }
        return answer.decision();
    }
}
