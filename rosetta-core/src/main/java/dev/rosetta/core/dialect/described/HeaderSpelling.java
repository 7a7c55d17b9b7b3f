package dev.rosetta.core.dialect.described;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

import dev.rosetta.core.dialect.Dialect;
import dev.rosetta.core.dialect.NativeCalls;
import dev.rosetta.core.dialect.TokenSection;
import dev.rosetta.core.tool.ToolCatalog;
import dev.rosetta.core.tool.ToolSpec;

/**
 * A header-json call's tokens, as its description gives them, for the shared section reader
 * ({@link TokenSection}): how the header names the tool ({@code functions.NAME:0} → NAME), and
 * whether it is the call's id.
 */
final class HeaderSpelling implements TokenSection.Spelling {

    private static final Pattern COUNTER = Pattern.compile("\\d+");

    private final Dialect dialect;
    private final CallForm form;
    private final List<String> markup;

    HeaderSpelling(Dialect dialect, CallForm form, List<String> markup) {
        this.dialect = dialect;
        this.form = form;
        this.markup = List.copyOf(markup);
    }

    /** The dialect's markup (the end of a turn, the next message's header) and the form's stop words end a call's arguments. */
    @Override
    public List<String> argumentEnds() {
        return java.util.stream.Stream.concat(markup.stream(), form.stop().stream()).toList();
    }

    @Override
    public Dialect dialect() {
        return dialect;
    }

    @Override
    public List<String> sectionBegins() {
        return form.sectionOpen();
    }

    @Override
    public List<String> sectionEnds() {
        return form.sectionClose();
    }

    @Override
    public List<String> callBegins() {
        return form.open();
    }

    @Override
    public List<String> separators() {
        return form.separator();
    }

    @Override
    public String callEnd() {
        return form.closeOf(0);
    }

    @Override
    public boolean nameAfterSeparator(String header) {
        return header.equals(form.nameAfterSeparator());
    }

    @Override
    public String toolName(String header) {
        return nameIn(form, header);
    }

    @Override
    public String callId(String header) {
        return form.idFromHeader() ? header : null;
    }

    /**
     * A header that is a bare counter ({@code 0}) names no tool: it is the one loaded tool whose
     * declared parameters take exactly the arguments given (or the only tool loaded).
     */
    @Override
    public Optional<ToolSpec> toolFor(String header, Map<String, Object> arguments, ToolCatalog tools) {
        if (!COUNTER.matcher(header).matches()) {
            return Optional.empty();
        }
        if (tools.tools().size() == 1) {
            return Optional.of(tools.tools().get(0));
        }
        return NativeCalls.toolTaking(arguments.keySet(), tools);
    }

    /**
     * The header without markdown emphasis around it ({@code ** web_search **}, {@code `add`}) and
     * without a description in parentheses after the name ({@code add (add two numbers)}).
     */
    private static String withoutEmphasis(String header) {
        int from = 0;
        int to = header.length();
        int description = header.indexOf('(');
        if (description > 0 && header.endsWith(")")) {
            to = description;
        }
        while (from < to && isEmphasis(header.charAt(from))) {
            from++;
        }
        while (to > from && isEmphasis(header.charAt(to - 1))) {
            to--;
        }
        return header.substring(from, to);
    }

    private static boolean isEmphasis(char c) {
        return c == '*' || c == '`' || Character.isWhitespace(c);
    }

    /** The tool's name in {@code header}: without the description's prefix, and without a counter after it. */
    static String nameIn(CallForm form, String header) {
        String name = withoutEmphasis(header);
        for (String prefix : form.namePrefix()) {
            if (name.startsWith(prefix) && name.length() > prefix.length()) {
                name = name.substring(prefix.length());
                break;
            }
        }
        int colon = name.lastIndexOf(':');
        if (form.nameCounter() && colon > 0 && COUNTER.matcher(name.substring(colon + 1)).matches()) {
            name = name.substring(0, colon);
        }
        return name;
    }
}
