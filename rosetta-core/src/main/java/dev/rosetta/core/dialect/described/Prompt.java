package dev.rosetta.core.dialect.described;

/**
 * How a described dialect tells a model about the tools: the listing of their declarations in the
 * shape the model was trained on, then how to call them; each tool's instructions and examples
 * follow, the calls spelled by the dialect's writer.
 *
 * @param listing    how the declarations are listed
 * @param intro      the text before the listing (may be empty)
 * @param convention  how to call a tool, in a few sentences
 * @param declaration the object listing: the tokens around each declaration ({@code <|tool>}, {@code <tool|>}), or empty
 */
public record Prompt(Listing listing, String intro, String convention, java.util.List<String> declaration) {

    public Prompt {
        declaration = java.util.List.copyOf(declaration);
    }

    /** The shapes of tool declarations that models are trained on. */
    public enum Listing {
        /** {@code <tools>} holding one OpenAI function object per line (Hermes, Qwen, GLM). */
        JSON_LINES("json-lines"),
        /** Each tool under a heading, declared as an OpenAI function object. */
        FUNCTION_JSON("function-json"),
        /** {@code <tools>} holding one {@code <function>} element per tool (Qwen3-Coder). */
        XML_FUNCTIONS("xml-functions"),
        /** A TypeScript namespace of functions (Functionary, gpt-oss). */
        TYPESCRIPT("typescript"),
        /** Each declaration in the dialect's object syntax ({@code declaration:NAME{…}}, Gemma). */
        OBJECT("object");

        private final String id;

        Listing(String id) {
            this.id = id;
        }

        public String id() {
            return id;
        }
    }
}
