package dev.rosetta.tools;

import java.util.Objects;

import dev.rosetta.core.text.InvisibleCharacters;

/** What a call will do, shown before the user confirms it. */
public sealed interface Preview {

    /**
     * The preview as a person is shown it at a question: every character that draws nothing (a
     * zero-width space, a bidi control, a tag character…) replaced by a mark naming it, so the text
     * seen is the text that runs. Front ends that are no terminal show this; the terminals get the
     * same marks through their sanitising path. The call itself, and what an editor opens, keep the
     * characters.
     */
    default Preview marked() {
        return switch (this) {
            case Command c -> new Command(c.language(), InvisibleCharacters.marked(c.text()));
            case FileChange f -> new FileChange(InvisibleCharacters.marked(f.path()), InvisibleCharacters.marked(f.diff()),
                    f.creates());
            case JsonArguments a -> new JsonArguments(InvisibleCharacters.marked(a.about()),
                    InvisibleCharacters.marked(a.json()));
            case Note n -> new Note(InvisibleCharacters.marked(n.text()));
        };
    }

    /** Code or a command to run, in a language a renderer can colour (bash, python, java). */
    record Command(String language, String text) implements Preview {
        public Command {
            Objects.requireNonNull(language, "language");
            Objects.requireNonNull(text, "text");
        }
    }

    /**
     * A change to a file as a unified diff against what is there now.
     *
     * @param path    the file, as the user knows it (relative to the workspace when inside it)
     * @param diff    the unified diff ({@code ---}/{@code +++} headers, {@code @@} hunks)
     * @param creates whether the file does not exist yet
     */
    record FileChange(String path, String diff, boolean creates) implements Preview {
        public FileChange {
            Objects.requireNonNull(path, "path");
            Objects.requireNonNull(diff, "diff");
        }
    }

    /**
     * A call whose arguments are one JSON object (an MCP server's tool), which the user may edit as
     * a whole.
     *
     * @param about what runs the call, in words ("MCP server fs · tool read_file")
     * @param json  the arguments, pretty-printed
     */
    record JsonArguments(String about, String json) implements Preview {
        public JsonArguments {
            Objects.requireNonNull(about, "about");
            Objects.requireNonNull(json, "json");
        }
    }

    /** Anything else, said in words. */
    record Note(String text) implements Preview {
        public Note {
            Objects.requireNonNull(text, "text");
        }
    }
}
