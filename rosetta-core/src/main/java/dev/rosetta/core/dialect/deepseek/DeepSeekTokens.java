package dev.rosetta.core.dialect.deepseek;

import java.util.List;

import dev.rosetta.core.dialect.Dialect;
import dev.rosetta.core.dialect.TokenSection;

/**
 * DeepSeek's special tokens, spelled with their real code points: the bars are U+FF5C
 * FULLWIDTH VERTICAL LINE and the spaces U+2581 LOWER ONE EIGHTH BLOCK. Look-alikes written with
 * an ASCII '|' or '_' are not these tokens and stay prose. V3 and R1 write
 * {@code function<｜tool▁sep｜>NAME} and fence the JSON; V3.1 writes {@code NAME<｜tool▁sep｜>{json}}.
 */
final class DeepSeekTokens implements TokenSection.Spelling {

    static final DeepSeekTokens INSTANCE = new DeepSeekTokens();

    static final String BAR = "\uFF5C";
    static final String SPACE = "\u2581";
    static final String SECTION_BEGIN = token("tool", "calls", "begin");
    /** The shortened section opener llama.cpp also accepts. */
    static final String SECTION_BEGIN_SHORT = token("tool", "calls");
    static final String SECTION_END = token("tool", "calls", "end");
    static final String CALL_BEGIN = token("tool", "call", "begin");
    static final String SEPARATOR = token("tool", "sep");
    static final String CALL_END = token("tool", "call", "end");
    /** The end of a turn, when a server leaves it in the text. */
    static final String END_OF_SENTENCE = token("end", "of", "sentence");
    /** The type word V3 and R1 write before the separator. */
    static final String FUNCTION = "function";

    private DeepSeekTokens() {}

    private static String token(String... words) {
        return "<" + BAR + String.join(SPACE, words) + BAR + ">";
    }

    @Override
    public Dialect dialect() {
        return DeepSeekDialect.INSTANCE;
    }

    @Override
    public List<String> sectionBegins() {
        return List.of(SECTION_BEGIN, SECTION_BEGIN_SHORT);
    }

    @Override
    public List<String> sectionEnds() {
        return List.of(SECTION_END);
    }

    @Override
    public List<String> callBegins() {
        return List.of(CALL_BEGIN);
    }

    @Override
    public List<String> separators() {
        return List.of(SEPARATOR);
    }

    @Override
    public String callEnd() {
        return CALL_END;
    }

    @Override
    public boolean nameAfterSeparator(String header) {
        return header.equals(FUNCTION);
    }

    @Override
    public String toolName(String header) {
        return header;
    }

    @Override
    public String callId(String header) {
        return null;
    }
}
