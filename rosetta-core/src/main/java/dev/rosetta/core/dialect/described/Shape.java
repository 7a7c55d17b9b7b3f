package dev.rosetta.core.dialect.described;

/**
 * How a described call names its tool and encodes its arguments: which of the shared scanners
 * reads it. Every family Rosetta reads is one of these, with its own markers.
 */
public enum Shape {
    /** JSON call objects after the opener, one, several or in a list: {@code {"name": …, "arguments": {…}}} (hermes, internlm, cohere). */
    JSON("json"),
    /** The tool's name, a separator, then JSON arguments: {@code functions.NAME:0<sep>{…}} (kimi, functionary). */
    HEADER_JSON("header-json"),
    /** A function element holding parameter elements with raw values: {@code <function=NAME><parameter=K>v} (qwen3-coder, seed-oss). */
    TAGS("tags"),
    /** The tool's name, then key and value elements in pairs: {@code NAME<arg_key>k</arg_key><arg_value>v</arg_value>} (glm). */
    KEY_VALUE("key-value"),
    /** Python calls, in a list or one per line: {@code [f(a='x'), g()]} (pythonic, lfm2). */
    PYTHON("python"),
    /** The tool's name, then an object with bare keys and strings between quote tokens: {@code call:NAME{k:<q>v<q>}} (gemma4). */
    OBJECT("object"),
    /** Code for one tool, as written: {@code <|python_tag|>print(1)} (Llama 3.1's interpreter). */
    CODE("code"),
    /** Not a call: a line of reasoning that heads a step, up to the line a stop word starts ({@code Thought:} before {@code Action:}, react). */
    THOUGHT("thought");

    private final String id;

    Shape(String id) {
        this.id = id;
    }

    /** The name a description uses. */
    public String id() {
        return id;
    }
}
