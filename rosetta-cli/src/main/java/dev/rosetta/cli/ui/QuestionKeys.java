package dev.rosetta.cli.ui;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.jline.keymap.KeyMap;
import org.jline.reader.Binding;
import org.jline.reader.Reference;
import org.jline.reader.Widget;
import org.jline.terminal.Attributes;
import org.jline.terminal.Terminal;
import org.jline.utils.InfoCmp.Capability;

import dev.rosetta.cli.terminal.CallEditor;
import dev.rosetta.cli.terminal.RuleText;
import dev.rosetta.tools.Decision;
import dev.rosetta.tools.permission.PermissionRule;

/**
 * The keys that answer a confirmation shown in the live region, read by the line editor while the
 * prompt stays where it is: y yes, n no, a always (yes to all, or the rules to remember offered
 * under the question: a digit picks one, another key goes back), e edit, and Enter on an empty
 * line yes; a preview taller than the region scrolls with ↑ ↓, PgUp PgDn and Space. They
 * answer only a question already on screen; until then a key is what it always is, so nothing
 * typed before the question could be seen says yes to it. Called on the line editor's thread.
 */
final class QuestionKeys {

    private static final String NO_ANSWER = "Please press y, n, a or e (Esc stops the turn).";
    private static final String NO_ANSWER_SCROLLING = "Please press y, n, a or e; ↑ ↓ PgUp PgDn Space scroll"
            + " (Esc stops the turn).";

    private final UiState state;
    private final UiReader reader;
    private final Terminal terminal;
    private final Attributes cooked;
    private final Map<String, String> env;

    /**
     * @param cooked the terminal's modes before the line editor made it raw, for the editor
     * @param env    where VISUAL and EDITOR are read
     */
    QuestionKeys(UiState state, UiReader reader, Attributes cooked, Map<String, String> env) {
        this.state = state;
        this.reader = reader;
        this.terminal = reader.getTerminal();
        this.cooked = cooked;
        this.env = env;
    }

    /**
     * A key while a confirmation is on screen answers it; any other key is no answer and says
     * which are. False when no question is showing, and the key does what it always does.
     */
    boolean key(String key) {
        Question q = state.read(UiState::question);
        if (q == null || !q.shown() || q.answer().isDone() || key == null || key.isEmpty()) {
            return false;
        }
        if (q.offering()) {
            pick(q, key);
            state.change(s -> { });
            return true;
        }
        switch (Character.toLowerCase(key.charAt(0))) {
            case ' ' -> {
                if (q.scrollable()) {
                    q.scroll(0, 1);
                } else {
                    q.note(NO_ANSWER);
                }
            }
            case 'y' -> q.answer().complete(new Question.Answer(Decision.yes(), "yes"));
            case 'n' -> q.answer().complete(new Question.Answer(new Decision.No(""), "no"));
            case 'a' -> always(q);
            case 'e' -> edit(q);
            default -> q.note(q.scrollable() ? NO_ANSWER_SCROLLING : NO_ANSWER);
        }
        state.change(s -> { });
        return true;
    }

    /**
     * ↑ ↓ (by a row) and PgUp PgDn (by a window) while a question's preview is taller than the
     * region: scroll it. False when no such question is showing, and the key does what it always does.
     */
    boolean scroll(int by, int pages) {
        Question q = state.read(UiState::question);
        if (q == null || !q.shown() || q.answer().isDone() || q.offering() || !q.scrollable()) {
            return false;
        }
        q.scroll(by, pages);
        state.change(s -> { });
        return true;
    }

    /** Binds ↑ ↓ PgUp PgDn to {@link #scroll}, each falling back to what it did before. */
    void bindScrolling(KeyMap<Binding> keys) {
        bind(keys, "up", -1, 0, KeyMap.key(terminal, Capability.key_up), "\033[A", "\033OA");
        bind(keys, "down", 1, 0, KeyMap.key(terminal, Capability.key_down), "\033[B", "\033OB");
        bind(keys, "page-up", 0, -1, KeyMap.key(terminal, Capability.key_ppage), "\033[5~");
        bind(keys, "page-down", 0, 1, KeyMap.key(terminal, Capability.key_npage), "\033[6~");
    }

    /** Each sequence gets a widget of its own, which keeps the sequence's old binding to fall back on. */
    private void bind(KeyMap<Binding> keys, String name, int by, int pages, String... sequences) {
        Map<String, Widget> widgets = reader.getWidgets();
        Set<String> bound = new HashSet<>();
        for (String sequence : sequences) {
            if (sequence == null || sequence.isEmpty() || !bound.add(sequence)) {
                continue;
            }
            Binding before = keys.getBound(sequence);
            String widget = "rosetta-scroll-" + name + "-" + bound.size();
            widgets.put(widget, () -> scroll(by, pages) || otherwise(before));
            keys.bind(new Reference(widget), sequence);
        }
    }

    /** What a key bound to {@code before} does when it scrolls nothing. */
    private boolean otherwise(Binding before) {
        Widget widget = before instanceof Reference r ? reader.getWidgets().get(r.name())
                : before instanceof Widget w ? w : null;
        return widget == null || widget.apply();
    }

    /** Yes to all when there are no rules to offer; else the rules, numbered, under the question. */
    private static void always(Question q) {
        List<PermissionRule> rules = q.remember();
        if (rules.isEmpty()) {
            q.answer().complete(new Question.Answer(new Decision.YesToAll(), "all"));
            return;
        }
        StringBuilder offer = new StringBuilder("Allow from now on, in this conversation:");
        for (int i = 0; i < rules.size(); i++) {
            offer.append(i == 0 ? " " : " · ").append(i + 1).append(' ').append(RuleText.of(rules.get(i)));
        }
        q.offering(true);
        q.note(offer.append(" — [1-").append(rules.size()).append("], another key goes back").toString());
    }

    /** The rule whose digit was pressed is remembered and the call runs; another key goes back to the question. */
    private static void pick(Question q, String key) {
        int n = key.charAt(0) - '0';
        List<PermissionRule> rules = q.remember();
        if (n >= 1 && n <= rules.size()) {
            PermissionRule rule = rules.get(n - 1);
            q.answer().complete(new Question.Answer(new Decision.Remember(rule), "always: " + RuleText.of(rule)));
            return;
        }
        q.offering(false);
        q.note("");
    }

    /** The call's body in the user's editor, with the screen and the keys to itself; runs what was saved. */
    private void edit(Question q) {
        reader.erase();
        Attributes raw = terminal.getAttributes();
        terminal.setAttributes(cooked);
        Decision edited = null;
        try {
            edited = new CallEditor(env, q::note).edit(q.use(), q.call());
        } catch (InterruptedException e) {
            q.note("The editor was interrupted; nothing changed.");
        } finally {
            terminal.setAttributes(raw);
            reader.redrawLine();
        }
        if (edited != null) {
            q.answer().complete(new Question.Answer(edited, "edited"));
        }
    }
}
