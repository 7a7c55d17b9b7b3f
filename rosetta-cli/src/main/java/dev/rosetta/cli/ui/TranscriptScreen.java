package dev.rosetta.cli.ui;

import java.io.IOError;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

import org.jline.keymap.BindingReader;
import org.jline.keymap.KeyMap;
import org.jline.terminal.Size;
import org.jline.terminal.Terminal;
import org.jline.utils.AttributedString;
import org.jline.utils.Display;
import org.jline.utils.InfoCmp.Capability;
import org.jline.utils.NonBlockingReader;

/**
 * Ctrl-O: the whole conversation on the alternate screen, so the main screen and its scrollback
 * stay as they were. ↑/↓ (or k/j) move between blocks, PgUp/PgDn scroll, Enter or Space opens or
 * folds the selected block, {@code e} opens all, {@code c} folds all, {@code /} searches (then
 * {@code n}/{@code N}), {@code q} or Esc goes back. Runs on the line editor's thread inside a
 * widget, so nothing else reads the keys meanwhile; blocks that arrive while it is open show
 * within a fraction of a second.
 */
final class TranscriptScreen {

    private static final long POLL_MILLIS = 200;
    private static final long ESCAPE_WAIT_MILLIS = 120;

    private enum Key { UP, DOWN, PAGE_UP, PAGE_DOWN, HOME, END, TOGGLE, EXPAND, COLLAPSE, SEARCH, NEXT, PREVIOUS, QUIT }

    private final Terminal terminal;
    private final Supplier<List<Block>> blocks;
    private final Transcript transcript;
    private final BindingReader bindings;
    private final KeyMap<Key> keys;

    TranscriptScreen(Terminal terminal, Supplier<List<Block>> blocks, Transcript transcript) {
        this.terminal = terminal;
        this.blocks = blocks;
        this.transcript = transcript;
        this.bindings = new BindingReader(terminal.reader());
        this.keys = keys(terminal);
    }

    /** The transcript of what {@code state} holds: every block so far, and the confirmation waiting for an answer, if one is. */
    static TranscriptScreen of(Terminal terminal, UiState state, EventView view) {
        Supplier<List<Block>> blocks = () -> state.read(s -> {
            List<Block> all = new ArrayList<>(s.scrollback().blocks());
            Question q = s.question();
            if (q != null) {
                all.add(view.blocks().confirmation(q.preview(), q.prompt(), ""));
            }
            return all;
        });
        int preview = state.read(s -> s.scrollback().folding().previewLines());
        return new TranscriptScreen(terminal, blocks, new Transcript(blocks.get(), preview, state.style()));
    }

    /** Shows the transcript until the user goes back. */
    void show() {
        terminal.puts(Capability.enter_ca_mode);
        terminal.puts(Capability.keypad_xmit);
        terminal.puts(Capability.cursor_invisible);
        Display display = new Display(terminal, true);
        Size size = terminal.getSize();
        display.resize(size.getRows(), size.getColumns());
        display.clear();
        try {
            loop(display, size);
        } catch (IOError closed) {
            // the terminal went away: back to the caller, which will find out too
        } finally {
            terminal.puts(Capability.cursor_visible);
            terminal.puts(Capability.exit_ca_mode);
            terminal.flush();
        }
    }

    private void loop(Display display, Size size) {
        int known = transcript.size();
        draw(display, size, null);
        while (true) {
            if (bindings.peekCharacter(POLL_MILLIS) == NonBlockingReader.READ_EXPIRED) {
                List<Block> now = blocks.get();
                Size current = terminal.getSize();
                if (now.size() != known || !current.equals(size)) {
                    known = now.size();
                    transcript.update(now);
                    size = current;
                    display.resize(size.getRows(), size.getColumns());
                    draw(display, size, null);
                }
                continue;
            }
            Key key = bindings.readBinding(keys);
            if (key == null || key == Key.QUIT) {
                return;
            }
            act(key, size, display);
            draw(display, size, null);
        }
    }

    private void act(Key key, Size size, Display display) {
        switch (key) {
            case UP -> transcript.up();
            case DOWN -> transcript.down();
            case PAGE_UP -> transcript.page(size.getRows(), size.getColumns(), false);
            case PAGE_DOWN -> transcript.page(size.getRows(), size.getColumns(), true);
            case HOME -> transcript.home();
            case END -> transcript.end();
            case TOGGLE -> transcript.toggle();
            case EXPAND -> transcript.expandAll();
            case COLLAPSE -> transcript.collapseAll();
            case SEARCH -> {
                String query = readQuery(display, size);
                if (query != null) {
                    transcript.find(query, true);
                }
            }
            case NEXT -> transcript.find(transcript.query(), true);
            case PREVIOUS -> transcript.find(transcript.query(), false);
            case QUIT -> { }
        }
    }

    /** What the user types after "/", until Enter; null when Esc cancels. */
    private String readQuery(Display display, Size size) {
        StringBuilder query = new StringBuilder();
        while (true) {
            draw(display, size, "/" + query + "▏ (Enter searches, Esc cancels)");
            int c = bindings.readCharacter();
            switch (c) {
                case -1, 27 -> {
                    return null;
                }
                case '\r', '\n' -> {
                    return query.toString();
                }
                case 127, '\b' -> {
                    if (!query.isEmpty()) {
                        query.setLength(query.length() - Character.charCount(query.codePointBefore(query.length())));
                    }
                }
                default -> {
                    if (c >= ' ') {
                        query.appendCodePoint(c);
                    }
                }
            }
        }
    }

    private void draw(Display display, Size size, String footer) {
        List<AttributedString> lines = transcript.screen(size.getColumns(), size.getRows(), footer);
        display.update(lines, -1);
    }

    private static KeyMap<Key> keys(Terminal terminal) {
        KeyMap<Key> map = new KeyMap<>();
        map.setAmbiguousTimeout(ESCAPE_WAIT_MILLIS);
        bind(map, terminal, Key.UP, Capability.key_up, "\u001b[A", "\u001bOA", "k");
        bind(map, terminal, Key.DOWN, Capability.key_down, "\u001b[B", "\u001bOB", "j");
        bind(map, terminal, Key.PAGE_UP, Capability.key_ppage, "\u001b[5~", "b");
        bind(map, terminal, Key.PAGE_DOWN, Capability.key_npage, "\u001b[6~", "f");
        bind(map, terminal, Key.HOME, Capability.key_home, "\u001b[H", "\u001bOH", "\u001b[1~", "g");
        bind(map, terminal, Key.END, Capability.key_end, "\u001b[F", "\u001bOF", "\u001b[4~", "G");
        map.bind(Key.TOGGLE, "\r", "\n", " ");
        map.bind(Key.EXPAND, "e");
        map.bind(Key.COLLAPSE, "c");
        map.bind(Key.SEARCH, "/");
        map.bind(Key.NEXT, "n");
        map.bind(Key.PREVIOUS, "N");
        map.bind(Key.QUIT, "q", "\u001b", KeyMap.ctrl('O'), KeyMap.ctrl('C'));
        return map;
    }

    private static void bind(KeyMap<Key> map, Terminal terminal, Key key, Capability capability, String... also) {
        String sequence = KeyMap.key(terminal, capability);
        if (sequence != null && !sequence.isEmpty()) {
            map.bind(key, sequence);
        }
        map.bind(key, also);
    }
}
