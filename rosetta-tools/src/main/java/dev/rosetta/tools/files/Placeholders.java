package dev.rosetta.tools.files;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.rosetta.core.tool.ErrorCode;
import dev.rosetta.tools.ToolFailure;

/**
 * Finds lines that stand for text a model left out — {@code # ... rest of the code ...},
 * {@code // existing code here}, {@code /* ... *}{@code /} — which save and append would write
 * into the file literally, losing the real text. Only comments count: Python's {@code ...}
 * (Ellipsis) and JavaScript's {@code ...spread} are code. A comment that is nothing but an
 * ellipsis counts in code files but not in documentation, where elided snippets are normal.
 */
final class Placeholders {

    /** A whole line that is one comment: its opening marker, its words, an optional closing marker. */
    private static final Pattern COMMENT = Pattern.compile(
            "^(#+|//+|/\\*+|\\*|<!--|--|;+|%+|\"\"\"|'''|\\{/\\*)\\s*(.*?)\\s*(?:\\*+/\\}?|-->|\"\"\"|''')?$");
    private static final Pattern ELLIPSIS = Pattern.compile("\\.{3,}|…");
    /** "rest of the code", "remainder of the file unchanged", "rest unchanged" — and nothing more. */
    private static final Pattern REST_OF = Pattern.compile("^(?:the )?(?:rest|remainder)"
            + "(?: of (?:the |this |your )?\\w+(?: \\w+)?)?"
            + "(?: (?:here|unchanged|omitted|as before|remains(?: the same| unchanged)?|stays the same|goes here|is the same))?$");
    /** "existing code here", "keep other methods unchanged", "same as before". */
    private static final Pattern KEPT = Pattern.compile(
            "^(?:(?:keep|keeping|all|your|the) )?(?:existing|previous|original|other|remaining|unchanged|old|same)(?: \\w+){0,3}$");
    /** "code unchanged", "implementation omitted". */
    private static final Pattern LEFT_AS_IS = Pattern.compile(
            "^(?:\\w+ ){0,2}(?:code|content|contents|implementation|lines|methods|functions|body)"
                    + " (?:unchanged|omitted|as before|remains(?: the same| unchanged)?|stays the same|here)$");
    /** One word between ellipses: "... rest ...", "... unchanged ...". */
    private static final Set<String> LONE_WORDS = Set.of("rest", "remainder", "unchanged", "omitted", "snip", "snipped", "etc");
    /** How a comment without an ellipsis must end to say that something was left out. */
    private static final Set<String> LEFT_OUT_ENDINGS = Set.of("here", "unchanged", "omitted", "before", "same",
            "remains", "intact", "preserved", "elided", "skipped", "truncated", "untouched");
    private static final Set<String> DOCUMENTATION = Set.of("md", "markdown", "rst", "txt", "adoc", "asciidoc", "org", "tex");

    private Placeholders() {}

    /** Refuses content with a placeholder line, saying which line and why. */
    static void refuseIn(String content, String fileName, String tool) throws ToolFailure {
        Optional<Found> found = find(content, fileName);
        if (found.isPresent()) {
            throw new ToolFailure(ErrorCode.INVALID_ARGS, "line " + found.get().number() + " of the content, `"
                    + found.get().line().strip() + "`, looks like a placeholder for text that was left out. " + tool
                    + " writes exactly what it is given, so the file would lose the real text there. Write the"
                    + " complete text" + (tool.equals("save") ? " of the file" : "") + ", or change part of the file with patch.");
        }
    }

    record Found(int number, String line) {}

    static Optional<Found> find(String content, String fileName) {
        boolean documentation = isDocumentation(fileName);
        List<String> lines = Lines.of(content).lines();
        for (int i = 0; i < lines.size(); i++) {
            if (isPlaceholder(lines.get(i), documentation)) {
                return Optional.of(new Found(i + 1, lines.get(i)));
            }
        }
        return Optional.empty();
    }

    static boolean isPlaceholder(String line, boolean documentation) {
        String stripped = line.strip();
        if (stripped.length() > 120) {
            return false;
        }
        Matcher comment = COMMENT.matcher(stripped);
        if (!comment.matches()) {
            return false;
        }
        String marker = comment.group(1);
        String body = comment.group(2);
        boolean ellipsis = ELLIPSIS.matcher(body).find();
        if (documentation && marker.startsWith("#") && !ellipsis) {
            return false; // a Markdown heading, not a comment
        }
        String words = ELLIPSIS.matcher(body).replaceAll(" ")
                .replaceAll("[^\\p{L}\\p{N}' ]", " ")
                .toLowerCase(Locale.ROOT)
                .strip()
                .replaceAll("\\s+", " ");
        if (words.isEmpty()) {
            // A docstring of just "..." is a stub; elided snippets are normal in documentation.
            return ellipsis && !documentation && !marker.endsWith("\"\"\"") && !marker.equals("'''");
        }
        if (REST_OF.matcher(words).matches() && (ellipsis || words.contains(" "))
                || LEFT_AS_IS.matcher(words).matches() && (ellipsis || !words.endsWith(" here"))) {
            return true;
        }
        if (ellipsis && LONE_WORDS.contains(words)) {
            return true;
        }
        return KEPT.matcher(words).matches() && (ellipsis || LEFT_OUT_ENDINGS.contains(lastWord(words)));
    }

    private static String lastWord(String words) {
        return words.substring(words.lastIndexOf(' ') + 1);
    }

    /** Markdown, reStructuredText, plain text…: where "# ..." is a heading and "// ..." an elided snippet. */
    static boolean isDocumentation(String fileName) {
        return DOCUMENTATION.contains(extension(fileName));
    }

    private static String extension(String fileName) {
        int dot = fileName.lastIndexOf('.');
        return dot < 0 ? "" : fileName.substring(dot + 1).toLowerCase(Locale.ROOT);
    }
}
