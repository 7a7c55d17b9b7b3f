package dev.rosetta.cli.render;

import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * What the highlighter needs to know about a language: its keywords, comments and quotes. A few
 * common languages, declared here rather than pulled in from a highlighting library: the point is
 * a readable screen, not a parser.
 *
 * @param name            the canonical name
 * @param kind            how the text is scanned
 * @param keywords        words shown as keywords
 * @param lineComment     what starts a comment to the end of the line, or null
 * @param blockOpen       what opens a block comment, or null
 * @param blockClose      what closes it
 * @param quotes          the characters that start a string
 * @param tripleQuotes    whether {@code """} (and {@code '''} in Python) open strings that span lines
 * @param variables       whether {@code $NAME} and {@code ${…}} are variables (shells)
 * @param annotations     whether {@code @name} is an annotation or decorator
 * @param keysBeforeColon whether a word or string before a colon is a key (JSON, YAML)
 */
public record Language(String name, Kind kind, Set<String> keywords, String lineComment, String blockOpen,
        String blockClose, String quotes, boolean tripleQuotes, boolean variables, boolean annotations,
        boolean keysBeforeColon) {

    /** How a language's text is scanned. */
    public enum Kind {
        /** Keywords, strings, comments and numbers. */
        CODE,
        /** Tags, attributes, entities. */
        MARKUP,
        /** The ORIGINAL/UPDATED hunks of a patch. */
        MERGE
    }

    public static final Language JAVA = code("java", """
            abstract assert boolean break byte case catch char class const continue default do double else enum \
            extends final finally float for goto if implements import instanceof int interface long native new \
            package private protected public return short static strictfp super switch synchronized this throw \
            throws transient try void volatile while var record sealed permits yield true false null""",
            "//", "/*", "*/", "\"'", true, false, true, false);

    public static final Language PYTHON = code("python", """
            False None True and as assert async await break class continue def del elif else except finally for \
            from global if import in is lambda nonlocal not or pass raise return try while with yield match case \
            self""",
            "#", null, null, "\"'", true, false, true, false);

    public static final Language BASH = code("bash", """
            if then else elif fi case esac for select while until do done in function time return exit export \
            local readonly declare unset set source alias cd echo printf read test true false""",
            "#", null, null, "\"'`", false, true, false, false);

    public static final Language JSON = code("json", "true false null",
            null, null, null, "\"", false, false, false, true);

    public static final Language JAVASCRIPT = code("javascript", """
            break case catch class const continue debugger default delete do else export extends finally for \
            function if import in instanceof let new return super switch this throw try typeof var void while \
            with yield async await of null undefined true false static get set interface type enum implements \
            private public protected readonly as declare namespace abstract keyof""",
            "//", "/*", "*/", "\"'`", false, false, true, false);

    public static final Language YAML = code("yaml", "true false null yes no on off",
            "#", null, null, "\"'", false, false, false, true);

    public static final Language XML = new Language("xml", Kind.MARKUP, Set.of(), null,
            "<!--", "-->", "\"'", false, false, false, false);

    public static final Language PATCH = new Language("patch", Kind.MERGE, Set.of(), null, null, null, "", false,
            false, false, false);

    private static final Map<String, Language> BY_NAME = Map.ofEntries(
            Map.entry("java", JAVA), Map.entry("jshell", JAVA),
            Map.entry("python", PYTHON), Map.entry("python3", PYTHON), Map.entry("py", PYTHON),
            Map.entry("ipython", PYTHON),
            Map.entry("bash", BASH), Map.entry("sh", BASH), Map.entry("shell", BASH), Map.entry("zsh", BASH),
            Map.entry("console", BASH), Map.entry("terminal", BASH),
            Map.entry("json", JSON), Map.entry("jsonc", JSON), Map.entry("json5", JSON),
            Map.entry("javascript", JAVASCRIPT), Map.entry("js", JAVASCRIPT), Map.entry("mjs", JAVASCRIPT),
            Map.entry("cjs", JAVASCRIPT), Map.entry("jsx", JAVASCRIPT), Map.entry("typescript", JAVASCRIPT),
            Map.entry("ts", JAVASCRIPT), Map.entry("tsx", JAVASCRIPT),
            Map.entry("xml", XML), Map.entry("html", XML), Map.entry("htm", XML), Map.entry("xhtml", XML),
            Map.entry("svg", XML),
            Map.entry("yaml", YAML), Map.entry("yml", YAML),
            Map.entry("patch", PATCH));

    private static Language code(String name, String keywords, String lineComment, String blockOpen,
            String blockClose, String quotes, boolean tripleQuotes, boolean variables, boolean annotations,
            boolean keys) {
        return new Language(name, Kind.CODE, Set.of(keywords.split("\\s+")), lineComment, blockOpen, blockClose, quotes,
                tripleQuotes, variables, annotations, keys);
    }

    /** The language a fence's info string or a tool name names ({@code ```py title=x} → Python), or null. */
    public static Language named(String info) {
        if (info == null) {
            return null;
        }
        String word = info.strip().split("[\\s{,]", 2)[0].toLowerCase(Locale.ROOT);
        return BY_NAME.get(word);
    }

    /** The language of a file, by its extension, or null. */
    public static Language ofPath(String path) {
        if (path == null) {
            return null;
        }
        String name = path.strip();
        int dot = name.lastIndexOf('.');
        int slash = Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\'));
        if (dot <= slash + 1 || dot == name.length() - 1) {
            return null;
        }
        Language language = named(name.substring(dot + 1));
        return language == PATCH ? null : language;
    }

    @Override
    public String toString() {
        return name;
    }
}
