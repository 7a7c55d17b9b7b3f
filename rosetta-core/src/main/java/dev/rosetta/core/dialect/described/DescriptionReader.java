package dev.rosetta.core.dialect.described;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import dev.rosetta.core.RosettaException;
import dev.rosetta.core.split.ReasoningMarkers;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.dataformat.toml.TomlMapper;

/**
 * Reads dialect descriptions — the built-in ones, a user's {@code [[dialects]]} in config.toml and
 * {@code rosetta parse --dialects FILE} — with one set of rules, so a user's entry means what a
 * built-in one would. The format is written down in docs/DIALECTS.md ("Describing a dialect").
 */
public final class DescriptionReader {

    private static final TomlMapper TOML = TomlMapper.builder().build();
    private static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9._-]{0,39}");

    private static final List<String> DIALECT_KEYS = List.of("name", "models", "source", "calls", "reasoning", "markup", "markup-tags",
            "prompt");
    private static final List<String> FORM_KEYS = List.of("shape", "open", "close", "section-open", "section-close",
            "evidence", "mid-line", "separator", "name-prefix", "name-counter", "id-from-header", "name-after-separator",
            "functions", "parameters", "bare-functions", "key", "value", "quote", "tool", "bare", "write", "stop");
    private static final List<String> PROMPT_KEYS = List.of("listing", "intro", "convention", "declaration");

    private DescriptionReader() {}

    /** Whether {@code name} could name a described dialect: lower-case letters, digits, '.', '_', '-'. */
    public static boolean isName(String name) {
        return NAME.matcher(name).matches();
    }

    /** The {@code [[dialects]]} of a TOML file's text; {@code file} names it in errors. */
    public static List<DialectDescription> parse(String toml, String file) {
        JsonNode root;
        try {
            root = TOML.readTree(toml.startsWith("\uFEFF") ? toml.substring(1) : toml);
        } catch (JacksonException e) {
            String where = e.getLocation() != null && e.getLocation().getLineNr() > 0 ? ":" + e.getLocation().getLineNr() : "";
            throw new RosettaException(file + where + ": invalid TOML: " + e.getOriginalMessage(), e);
        }
        try {
            return read(root == null ? TOML.createObjectNode() : root.get("dialects"), List.of("dialects"));
        } catch (DescriptionException e) {
            throw new RosettaException(file + ": " + e.getMessage(), e);
        }
    }

    /**
     * The descriptions in {@code dialects}, the value of a {@code dialects} key (an array of
     * tables) at {@code path}; none when it is null. Names must be unique among them.
     */
    public static List<DialectDescription> read(JsonNode dialects, List<Object> path) {
        if (dialects == null || dialects.isNull() || dialects.isMissingNode()) {
            return List.of();
        }
        if (!dialects.isArray()) {
            throw new DescriptionException(path, "must be a list of tables, like [[dialects]]");
        }
        List<DialectDescription> out = new ArrayList<>();
        Set<String> names = new HashSet<>();
        int i = 0;
        for (JsonNode entry : dialects) {
            List<Object> at = new ArrayList<>(path);
            at.add(i++);
            if (!entry.isObject()) {
                throw new DescriptionException(at, "must be a table of keys");
            }
            DialectDescription d = one(new DescriptionTable(entry, at));
            if (!names.add(d.name())) {
                List<Object> name = new ArrayList<>(at);
                name.add("name");
                throw new DescriptionException(name, "'" + d.name() + "' is described twice");
            }
            out.add(d);
        }
        return out;
    }

    private static DialectDescription one(DescriptionTable t) {
        String name = t.required("name", "the dialect's name, like name = \"gemma4\"");
        if (!NAME.matcher(name).matches()) {
            throw t.error("name", "'" + name + "' is not a dialect name: lower-case letters, digits, '.', '_' and '-',"
                    + " starting with a letter or digit, at most 40");
        }
        String models = t.string("models");
        String source = t.string("source");
        List<CallForm> calls = new ArrayList<>();
        for (DescriptionTable form : t.tables("calls")) {
            calls.add(form(form));
            form.finish("a call (calls)", FORM_KEYS);
        }
        if (t.has("shape")) {
            if (!calls.isEmpty()) {
                throw t.error("shape", "a dialect has its call's keys (shape, open, …) or [[dialects.calls]] tables, not both");
            }
            calls.add(form(t));
        }
        if (calls.isEmpty()) {
            throw t.error("shape", "is missing: a dialect needs a call, with shape = \"json\" (or another shape) and"
                    + " open = \"…\", or [[dialects.calls]] tables");
        }
        List<ReasoningMarkers> reasoning = t.pairs("reasoning", 2, "[[\"<think>\", \"</think>\"]]").stream()
                .map(p -> new ReasoningMarkers(p.get(0), p.get(1))).toList();
        List<String> markup = t.strings("markup");
        List<String> markupTags = t.strings("markup-tags");
        Prompt prompt = prompt(t.table("prompt"));
        List<String> known = new ArrayList<>(DIALECT_KEYS);
        if (calls.size() == 1 && t.has("shape")) {
            known.addAll(FORM_KEYS);
        }
        t.finish("a dialect", known);
        return new DialectDescription(name, models == null ? "" : models, source == null ? "" : source, calls,
                reasoning, markup, markupTags, prompt);
    }

    private static CallForm form(DescriptionTable t) {
        Shape shape = shape(t);
        boolean bare = t.has("bare") && check(t, "bare", shape, Shape.PYTHON) && t.bool("bare", false);
        List<String> open = t.strings("open");
        // A tags-shaped call whose function elements stand alone needs no wrapper (MiniCPM4).
        if (open.isEmpty() && !bare && !t.has("bare-functions")) {
            throw t.error("open", "is missing: what starts a call, like open = \"<tool_call>\"");
        }
        if (!open.isEmpty() && bare) {
            throw t.error("open", "is not for a bare list, which no marker opens");
        }
        List<String> close = t.strings("close");
        if (close.size() > 1 && close.size() != open.size()) {
            throw t.error("close", "has " + close.size() + " closers for " + open.size() + " openers: give one closer,"
                    + " or one per opener in the same order");
        }
        Evidence evidence = evidence(t);
        boolean midLine = t.bool("mid-line", !bare && evidence == Evidence.MARKER
                && open.stream().allMatch(DescriptionReader::isToken));
        String quote = only(t, "quote", shape, Shape.OBJECT);
        String tool = only(t, "tool", shape, Shape.CODE);
        List<String> key = onlyList(t, "key", shape, Shape.KEY_VALUE);
        List<String> value = onlyList(t, "value", shape, Shape.KEY_VALUE);
        List<String> functions = onlyList(t, "functions", shape, Shape.TAGS);
        List<String> parameters = onlyList(t, "parameters", shape, Shape.TAGS);
        List<String> sectionOpen = onlyList(t, "section-open", shape, Shape.HEADER_JSON, Shape.KEY_VALUE);
        List<String> sectionClose = onlyList(t, "section-close", shape, Shape.HEADER_JSON, Shape.KEY_VALUE);
        List<String> separator = onlyList(t, "separator", shape, Shape.HEADER_JSON, Shape.KEY_VALUE);
        String nameAfter = only(t, "name-after-separator", shape, Shape.HEADER_JSON);
        boolean counter = t.has("name-counter") && check(t, "name-counter", shape, Shape.HEADER_JSON)
                && t.bool("name-counter", false);
        boolean idFromHeader = t.has("id-from-header") && check(t, "id-from-header", shape, Shape.HEADER_JSON)
                && t.bool("id-from-header", false);
        List<String> prefix = t.strings("name-prefix");
        if (!prefix.isEmpty() && shape != Shape.HEADER_JSON && shape != Shape.OBJECT) {
            throw t.error("name-prefix", "is for the header-json and object shapes, where a name follows the opener");
        }
        requireFor(t, shape, Shape.OBJECT, "quote", quote, "the token strings are quoted with, like quote = \"<escape>\"");
        requireFor(t, shape, Shape.CODE, "tool", tool, "the tool that runs the code, like tool = \"ipython\"");
        requireListFor(t, shape, Shape.TAGS, "functions", functions, "how a function element opens, like"
                + " functions = [\"<function=\", \"<invoke name=\"]");
        requireListFor(t, shape, Shape.TAGS, "parameters", parameters, "how a parameter element opens, like"
                + " parameters = [\"<parameter=\"]");
        tagSpellings(t, "functions", functions);
        tagSpellings(t, "parameters", parameters);
        List<String> bareFunctions = onlyList(t, "bare-functions", shape, Shape.TAGS);
        if (!functions.containsAll(bareFunctions)) {
            throw t.error("bare-functions", "must name some of the functions' openers (" + String.join(", ", functions) + ")");
        }
        pair(t, shape, "key", key, "[\"<arg_key>\", \"</arg_key>\"]");
        pair(t, shape, "value", value, "[\"<arg_value>\", \"</arg_value>\"]");
        if (shape == Shape.KEY_VALUE) {
            tags(t, shape, "open", open);
            tags(t, shape, "key", key);
            tags(t, shape, "value", value);
        }
        if (shape == Shape.KEY_VALUE || shape == Shape.TAGS) {
            tags(t, shape, "close", close);
        }
        if (sectionClose.size() > 0 && sectionOpen.isEmpty()) {
            throw t.error("section-close", "needs section-open: what opens the group of calls it closes");
        }
        String write = t.string("write");
        List<String> stop = t.strings("stop");
        if (!stop.isEmpty() && shape != Shape.HEADER_JSON && shape != Shape.THOUGHT) {
            throw t.error("stop", "is for the header-json and thought shapes");
        }
        requireListFor(t, shape, Shape.THOUGHT, "stop", stop, "the words that start the step a thought heads, like"
                + " stop = [\"Action:\"]");
        return new CallForm(shape, open, close, sectionOpen, sectionClose, evidence, midLine, separator, prefix, counter,
                idFromHeader, nameAfter, functions, parameters, bareFunctions, key, value, quote, tool, bare, write, stop);
    }

    private static Shape shape(DescriptionTable t) {
        String id = t.required("shape", "how the call encodes its tool and arguments: " + ids(Shape.values()));
        for (Shape s : Shape.values()) {
            if (s.id().equals(id)) {
                return s;
            }
        }
        throw t.error("shape", "'" + id + "' is not a shape; use one of " + ids(Shape.values()));
    }

    private static Evidence evidence(DescriptionTable t) {
        String id = t.string("evidence");
        if (id == null) {
            return Evidence.MARKER;
        }
        for (Evidence e : Evidence.values()) {
            if (e.id().equals(id)) {
                return e;
            }
        }
        throw t.error("evidence", "'" + id + "' is not an evidence; use one of "
                + Arrays.stream(Evidence.values()).map(Evidence::id).collect(Collectors.joining(", ")));
    }

    private static Prompt prompt(DescriptionTable t) {
        if (t == null) {
            return new Prompt(Prompt.Listing.FUNCTION_JSON, "", "", List.of());
        }
        String id = t.string("listing");
        Prompt.Listing listing = Prompt.Listing.FUNCTION_JSON;
        if (id != null) {
            listing = Arrays.stream(Prompt.Listing.values()).filter(l -> l.id().equals(id)).findFirst()
                    .orElseThrow(() -> t.error("listing", "'" + id + "' is not a listing; use one of "
                            + Arrays.stream(Prompt.Listing.values()).map(Prompt.Listing::id).collect(Collectors.joining(", "))));
        }
        String intro = t.string("intro");
        String convention = t.string("convention");
        List<String> declaration = t.strings("declaration");
        if (!declaration.isEmpty() && declaration.size() != 2) {
            throw t.error("declaration", "must be two strings, the tokens before and after each declaration,"
                    + " like declaration = [\"<|tool>\", \"<tool|>\"]");
        }
        t.finish("a prompt", PROMPT_KEYS);
        return new Prompt(listing, intro == null ? "" : intro.stripLeading(), convention == null ? "" : convention.strip(),
                declaration);
    }

    /** A special token ({@code <|…|>}, {@code <tag>}, {@code [TOKEN]}) rather than a word: it may open a call mid-line. */
    private static boolean isToken(String open) {
        char c = open.charAt(0);
        return c == '<' || c == '[' || !Character.isLetterOrDigit(c);
    }

    private static String only(DescriptionTable t, String key, Shape shape, Shape owner) {
        if (!t.has(key)) {
            return null;
        }
        check(t, key, shape, owner);
        return t.string(key);
    }

    private static List<String> onlyList(DescriptionTable t, String key, Shape shape, Shape owner) {
        if (!t.has(key)) {
            return List.of();
        }
        check(t, key, shape, owner);
        return t.strings(key);
    }

    private static List<String> onlyList(DescriptionTable t, String key, Shape shape, Shape owner, Shape other) {
        if (!t.has(key)) {
            return List.of();
        }
        if (shape != owner && shape != other) {
            throw t.error(key, "is for the " + owner.id() + " and " + other.id() + " shapes; this call's shape is " + shape.id());
        }
        return t.strings(key);
    }

    private static boolean check(DescriptionTable t, String key, Shape shape, Shape owner) {
        if (shape != owner) {
            throw t.error(key, "is for the " + owner.id() + " shape; this call's shape is " + shape.id());
        }
        return true;
    }

    private static void requireFor(DescriptionTable t, Shape shape, Shape owner, String key, String value, String what) {
        if (shape == owner && value == null) {
            throw t.error(key, "is missing: " + what);
        }
    }

    private static void requireListFor(DescriptionTable t, Shape shape, Shape owner, String key, List<String> value,
            String what) {
        if (shape == owner && value.isEmpty()) {
            throw t.error(key, "is missing: " + what);
        }
    }

    private static void tagSpellings(DescriptionTable t, String key, List<String> spellings) {
        for (String s : spellings) {
            if (TagSpelling.of(s) == null) {
                throw t.error(key, "'" + s + "' is not how an element opens: write \"<ELEMENT=\" (for <ELEMENT=NAME>) or"
                        + " \"<ELEMENT name=\" (for <ELEMENT name=\"NAME\">)");
            }
        }
    }

    private static void pair(DescriptionTable t, Shape shape, String key, List<String> value, String example) {
        if (shape == Shape.KEY_VALUE && value.size() != 2) {
            throw t.error(key, (value.isEmpty() ? "is missing: " : "must be two strings, ")
                    + "its opener and closer, like " + key + " = " + example);
        }
    }

    /** The tags and key-value scanners look for their markers as tags: each must start with '<'. */
    private static void tags(DescriptionTable t, Shape shape, String key, List<String> markers) {
        for (String m : markers) {
            if (m.charAt(0) != '<') {
                throw t.error(key, "'" + m + "' does not start with '<': in the " + shape.id() + " shape it is a tag,"
                        + " like \"</tool_call>\"");
            }
        }
    }

    private static String ids(Shape[] shapes) {
        return Arrays.stream(shapes).map(Shape::id).collect(Collectors.joining(", "));
    }
}
