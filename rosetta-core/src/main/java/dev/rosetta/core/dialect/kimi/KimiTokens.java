package dev.rosetta.core.dialect.kimi;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.rosetta.core.dialect.Dialect;
import dev.rosetta.core.dialect.NativeCalls;
import dev.rosetta.core.dialect.TokenSection;
import dev.rosetta.core.tool.ToolCatalog;
import dev.rosetta.core.tool.ToolSpec;

/**
 * Kimi K2's tokens. The call header is the call id, {@code functions.NAME:IDX}: the name is what
 * stands between the {@code functions.} namespace and the {@code :IDX} counter, and the whole id
 * is kept as the call's id (vLLM and Kimi's own API do the same). A header that is a bare
 * counter ({@code 0}) names no tool; it is the one tool whose parameters the arguments fit.
 */
final class KimiTokens implements TokenSection.Spelling {

    static final KimiTokens INSTANCE = new KimiTokens();

    static final String SECTION_BEGIN = "<|tool_calls_section_begin|>";
    /** The singular spelling some Kimi checkpoints write (llama.cpp and vLLM accept it too). */
    static final String SECTION_BEGIN_SINGULAR = "<|tool_call_section_begin|>";
    static final String SECTION_END = "<|tool_calls_section_end|>";
    static final String SECTION_END_SINGULAR = "<|tool_call_section_end|>";
    static final String CALL_BEGIN = "<|tool_call_begin|>";
    static final String ARGUMENT_BEGIN = "<|tool_call_argument_begin|>";
    static final String CALL_END = "<|tool_call_end|>";
    static final String NAMESPACE = "functions.";
    /** The end of a turn, when a server leaves it in the text. */
    static final String END_OF_TURN = "<|im_end|>";

    private KimiTokens() {}

    @Override
    public Dialect dialect() {
        return KimiDialect.INSTANCE;
    }

    @Override
    public List<String> sectionBegins() {
        return List.of(SECTION_BEGIN, SECTION_BEGIN_SINGULAR);
    }

    @Override
    public List<String> sectionEnds() {
        return List.of(SECTION_END, SECTION_END_SINGULAR);
    }

    @Override
    public String callBegin() {
        return CALL_BEGIN;
    }

    @Override
    public String separator() {
        return ARGUMENT_BEGIN;
    }

    @Override
    public String callEnd() {
        return CALL_END;
    }

    @Override
    public boolean nameAfterSeparator(String header) {
        return false;
    }

    @Override
    public String toolName(String header) {
        String name = header.startsWith(NAMESPACE) ? header.substring(NAMESPACE.length()) : header;
        int colon = name.lastIndexOf(':');
        if (colon > 0 && isCounter(name.substring(colon + 1))) {
            name = name.substring(0, colon);
        }
        return name;
    }

    @Override
    public String callId(String header) {
        return header;
    }

    @Override
    public Optional<ToolSpec> toolFor(String header, Map<String, Object> arguments, ToolCatalog tools) {
        if (!isCounter(header)) {
            return Optional.empty();
        }
        if (tools.tools().size() == 1) {
            return Optional.of(tools.tools().get(0));
        }
        return NativeCalls.toolTaking(arguments.keySet(), tools);
    }

    private static boolean isCounter(String s) {
        return !s.isEmpty() && s.chars().allMatch(Character::isDigit);
    }

    /** The id {@link KimiDialect#write} gives a call: its own when it is a Kimi id of this tool. */
    static String idFor(String tool, String callId) {
        if (callId != null && callId.startsWith(NAMESPACE + tool + ":") && isCounter(callId.substring(NAMESPACE.length() + tool.length() + 1))) {
            return callId;
        }
        return NAMESPACE + tool + ":0";
    }
}
