package dev.rosetta.bench;

import java.util.Random;

/**
 * Markdown-ish assistant prose: paragraphs with inline code, emphasis, links, lists, headings
 * and non-ASCII text, and lines that start with {@code @}, {@code <} or a backtick without
 * being calls in any dialect, so every reader has to look at them and say no.
 */
final class ProseText {

    private static final String[] WORDS = {
        "the", "splitter", "reads", "each", "delta", "once", "and", "keeps", "a", "cursor", "so", "work", "stays",
        "linear", "in", "message", "length", "model", "writes", "prose", "then", "calls", "tool", "fence", "body",
        "closing", "line", "we", "check", "that", "streamed", "segments", "equal", "batch", "ones", "for", "every",
        "cut", "of", "text", "into", "pieces", "file", "patch", "shell", "output", "result", "build", "tests", "pass",
        "naïve", "café", "déjà-vu", "résumé", "über", "→", "—", "½",
    };

    /**
     * Lines that open no call: names too long or followed by something other than ':' and '{',
     * tags that are no wrapper (some share a prefix with {@code <think>} or {@code <tool-use>}),
     * and backtick runs that are inline code or whose info string holds a backtick.
     */
    private static final String[] LOOKALIKES = {
        "@alice thanks, that fixed the flaky test.",
        "@here: the nightly build is green again.",
        "@Override is missing on `equals`, which hides the bug.",
        "@user(42) asked for the numbers first.",
        "@save is the tool I will use next, after the tests.",
        "@shell: not now, first the tests.",
        "<div class=\"note\">Heads up: this part is rendered as HTML.</div>",
        "<br>",
        "< 5 ms per call is what we aim for.",
        "<-- this arrow points at the line above",
        "<T> is the type parameter of `Box<T>`.",
        "<thread> dumps are attached below.",
        "<tool> is a placeholder, not a tag.",
        "<ns:thing> is a qualified name, not a wrapper.",
        "<!-- a comment the user will not see -->",
        "`foo()` returns the cached value.",
        "``a `tick` inside``, as CommonMark allows.",
        "```not a fence``` because its info string holds backticks.",
        "`` ` `` is how you write one backtick.",
    };

    private final Random random;

    ProseText(Random random) {
        this.random = random;
    }

    /** One block of prose ending with a blank line: a paragraph, a list, a heading or a lookalike line. */
    void block(StringBuilder out) {
        int roll = random.nextInt(100);
        if (roll < 55) {
            paragraph(out);
        } else if (roll < 70) {
            list(out);
        } else if (roll < 78) {
            out.append("## ").append(capitalized(sentence(3, 6))).append('\n');
        } else {
            out.append(LOOKALIKES[random.nextInt(LOOKALIKES.length)]).append('\n');
            if (random.nextBoolean()) {
                out.append(capitalized(sentence(6, 14))).append(".\n");
            }
        }
        out.append('\n');
    }

    /** A short sentence on its own line, to introduce a call. */
    void lead(StringBuilder out) {
        out.append(capitalized(sentence(4, 10))).append(":\n");
    }

    private void paragraph(StringBuilder out) {
        int sentences = 2 + random.nextInt(5);
        for (int i = 0; i < sentences; i++) {
            if (i > 0) {
                out.append(random.nextInt(4) == 0 ? "\n" : " ");
            }
            out.append(capitalized(sentence(6, 18))).append(random.nextInt(8) == 0 ? "!" : ".");
            if (random.nextInt(40) == 0) {
                out.append(" 🚀");
            }
        }
        out.append('\n');
    }

    private void list(StringBuilder out) {
        int items = 2 + random.nextInt(4);
        boolean numbered = random.nextBoolean();
        for (int i = 1; i <= items; i++) {
            out.append(numbered ? i + ". " : "- ").append(sentence(3, 10)).append('\n');
        }
    }

    private String sentence(int minWords, int maxWords) {
        int n = minWords + random.nextInt(maxWords - minWords + 1);
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < n; i++) {
            if (i > 0) {
                s.append(' ');
            }
            String word = WORDS[random.nextInt(WORDS.length)];
            switch (random.nextInt(20)) {
                case 0 -> s.append('`').append(word).append("()`");
                case 1 -> s.append("**").append(word).append("**");
                case 2 -> s.append('[').append(word).append("](https://example.com/").append(word).append(')');
                case 3 -> s.append('<').append(word).append('>');
                default -> s.append(word);
            }
        }
        return s.toString();
    }

    private static String capitalized(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    /**
     * Plain words to bring a message to exactly {@code target} chars: letters and spaces only,
     * on a line of its own, so it cannot open or extend a call. Appends nothing if the message
     * is already long enough.
     */
    static void padTo(StringBuilder out, int target) {
        if (out.length() >= target) {
            return;
        }
        if (out.length() > 0 && out.charAt(out.length() - 1) != '\n') {
            out.append('\n');
        }
        String filler = "That is all for now and the rest follows in the next message ";
        int i = 0;
        while (out.length() < target) {
            out.append(filler.charAt(i++ % filler.length()));
        }
    }
}
