package dev.rosetta.bench;

import java.util.Random;

/**
 * Lines of source code, as a model writes them into a file: Java-ish statements with
 * indentation, annotations ({@code @Override}), markup ({@code <dependency>}), and Markdown
 * doc lines that start with backticks, so a reader scanning a call's body meets every
 * character it treats specially at the start of a line. Never a closing tag of a tool element,
 * a CDATA delimiter, or a fence of seven or more backticks, so every dialect can spell the body
 * plainly.
 */
final class CodeLines {

    private static final String[] NAMES = {
        "count", "total", "buffer", "index", "limit", "cursor", "segment", "reader", "splitter", "value",
        "offset", "result", "parser", "events", "delta", "window", "message", "tokens", "status", "config",
    };

    private static final String[] TYPES = {"int", "long", "String", "List<String>", "Map<String, Integer>", "var"};

    private static final String[] SPECIAL = {
        "@Override",
        "@SuppressWarnings(\"unchecked\")",
        "@Test void readsTheWholeBody() {}",
        "@param value the value: {not json}",
        "<dependency>",
        "  <groupId>dev.rosetta</groupId>",
        "</dependency>",
        "<T extends Comparable<T>> T max(T a, T b) { return a.compareTo(b) >= 0 ? a : b; }",
        "<!-- generated: do not edit -->",
        "<<<<<<< not a merge marker, just a comment line",
        "`README.md` explains the layout.",
        "``inline `code` with ticks``",
        "```java",
        "var x = List.of(1, 2, 3);",
        "```",
        "```not a fence``` (backticks in the info string)",
        "# A heading inside a Markdown file",
        "- a list item with **bold** and a [link](https://example.com/docs?a=1&b=2)",
        "    return \"quoted \\\"string\\\" with a backslash \\\\ and a tab\\t\";",
        "// naïve café — déjà vu → ok ✓",
    };

    private final Random random;
    private int depth = 1;

    CodeLines(Random random) {
        this.random = random;
    }

    /** The next line, without its line break. */
    String next() {
        int roll = random.nextInt(100);
        if (roll < 12) {
            return SPECIAL[random.nextInt(SPECIAL.length)];
        }
        if (roll < 17 && depth < 6) {
            return indent() + "if (" + name() + " " + op() + " " + number() + ") {" + open();
        }
        if (roll < 24 && depth > 1) {
            close();
            return indent() + "}";
        }
        if (roll < 27) {
            return "";
        }
        if (roll < 35) {
            return indent() + "// " + comment();
        }
        if (roll < 60) {
            return indent() + TYPES[random.nextInt(TYPES.length)] + " " + name() + " = " + name() + "."
                    + name() + "(" + number() + ", \"" + name() + "\");";
        }
        if (roll < 80) {
            return indent() + name() + " " + op() + "= " + name() + " * " + number() + " + " + name() + ".length();";
        }
        return indent() + "return " + name() + "(" + name() + ", " + number() + ");";
    }

    private String indent() {
        return "    ".repeat(depth);
    }

    private String open() {
        depth++;
        return "";
    }

    private void close() {
        depth--;
    }

    private String name() {
        return NAMES[random.nextInt(NAMES.length)];
    }

    private String op() {
        return switch (random.nextInt(4)) {
            case 0 -> "<";
            case 1 -> ">";
            case 2 -> "+";
            default -> "-";
        };
    }

    private String number() {
        return Integer.toString(random.nextInt(4096));
    }

    private String comment() {
        return "keep " + name() + " in step with " + name() + " (see `" + name() + "`)";
    }
}
