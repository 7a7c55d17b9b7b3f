package dev.rosetta.tools.shell.syntax;

import java.util.ArrayList;
import java.util.List;

/**
 * Every simple command a script can run, wherever it stands: in lists and pipelines, in
 * compound commands and function bodies, in the command and process substitutions of words,
 * assignments, redirections and here-documents — in the order they are written.
 */
public final class SimpleCommands {

    private SimpleCommands() {}

    public static List<Command.Simple> in(Script script) {
        List<Command.Simple> out = new ArrayList<>();
        walk(script, out);
        return out;
    }

    /** The scripts a word runs while it is expanded, at any depth. */
    public static List<Command.Simple> in(Word word) {
        List<Command.Simple> out = new ArrayList<>();
        word.scripts().forEach(s -> walk(s, out));
        return out;
    }

    private static void walk(Script script, List<Command.Simple> out) {
        script.commands().forEach(c -> walk(c, out));
    }

    private static void walk(Command command, List<Command.Simple> out) {
        switch (command) {
            case Command.Simple s -> {
                out.add(s);
                s.assignments().forEach(a -> assignment(a, out));
                s.words().forEach(w -> word(w, out));
                s.redirects().forEach(r -> redirect(r, out));
            }
            case Command.Compound c -> {
                c.words().forEach(w -> word(w, out));
                c.bodies().forEach(b -> walk(b, out));
                c.redirects().forEach(r -> redirect(r, out));
            }
            case Command.Function f -> walk(f.body(), out);
        }
    }

    private static void assignment(Command.Assignment a, List<Command.Simple> out) {
        if (a.subscript() != null) {
            word(a.subscript(), out);
        }
        a.values().forEach(w -> word(w, out));
    }

    private static void redirect(Redirect r, List<Command.Simple> out) {
        word(r.target(), out);
        if (r.here() != null) {
            word(r.here().body(), out);
        }
    }

    private static void word(Word w, List<Command.Simple> out) {
        w.scripts().forEach(s -> walk(s, out));
    }
}
