package dev.rosetta.core.dialect.described;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import dev.rosetta.core.split.Input;

/**
 * The function and parameter elements of a tags-shaped call, as its description spells them:
 * what to search for, and which spelling an element found there is.
 */
final class TagGrammar {

    private final List<TagSpelling> functions;
    private final List<TagSpelling> parameters;
    private final List<String> functionElements;
    private final List<String> parameterElements;
    private final List<String> parameterClosers;

    TagGrammar(CallForm form) {
        this.functions = form.functions().stream().map(TagSpelling::of).toList();
        this.parameters = form.parameters().stream().map(TagSpelling::of).toList();
        this.functionElements = elements(functions);
        this.parameterElements = elements(parameters);
        Set<String> closers = new LinkedHashSet<>();
        parameters.forEach(p -> closers.add(p.closer()));
        this.parameterClosers = List.copyOf(closers);
    }

    private static List<String> elements(List<TagSpelling> spellings) {
        Set<String> out = new LinkedHashSet<>();
        for (TagSpelling s : spellings) {
            out.add(s.nameForm() ? s.element() : s.written());
        }
        return List.copyOf(out);
    }

    List<TagSpelling> functions() {
        return functions;
    }

    /** What a search stops at for a function: {@code <function=}, {@code <invoke}. */
    List<String> functionElements() {
        return functionElements;
    }

    List<String> parameterElements() {
        return parameterElements;
    }

    List<String> parameterClosers() {
        return parameterClosers;
    }

    /** The first parameter closer; the writer's. */
    String parameterCloser() {
        return parameterClosers.get(0);
    }

    TagSpelling firstFunction() {
        return functions.get(0);
    }

    TagSpelling firstParameter() {
        return parameters.get(0);
    }

    /** The function element at {@code at} (a search stopped at {@code found}), or NEED/NONE. */
    Found function(Input in, int at, String found) {
        return header(in, at, found, functions);
    }

    /** The parameter element at {@code at}, or NEED/NONE. */
    Found parameter(Input in, int at, String found) {
        return header(in, at, found, parameters);
    }

    /** A function element at {@code at} in any spelling (where no search says which tag stands there). */
    Found functionAt(Input in, int at) {
        return first(in, at, functions);
    }

    /** A function element at {@code at} in one of the spellings {@code written}. */
    Found functionAt(Input in, int at, List<String> written) {
        return first(in, at, functions.stream().filter(s -> written.contains(s.written())).toList());
    }

    private static Found header(Input in, int at, String found, List<TagSpelling> spellings) {
        return first(in, at, spellings.stream().filter(s -> found.equals(s.nameForm() ? s.element() : s.written())).toList());
    }

    /** The first of {@code spellings} whose element stands at {@code at}, or NEED/NONE. */
    private static Found first(Input in, int at, List<TagSpelling> spellings) {
        boolean need = false;
        for (TagSpelling s : spellings) {
            TagHeader h = s.header(in, at);
            if (h.found()) {
                return new Found(h, s);
            }
            need |= h == TagHeader.NEED;
        }
        return need ? Found.NEED : Found.NONE;
    }

    /** The tags that end a function's body text: a parameter, a function closer, the next function. */
    List<String> bodyEnds(TagSpelling function, String wrapperCloser) {
        List<String> out = new ArrayList<>(parameterElements);
        out.add(function.closer());
        out.add(wrapperCloser);
        out.addAll(functionElements);
        return out;
    }

    /** The tags that end a parameter's value: its closer, the next parameter, the function's closer, the wrapper's. */
    List<String> valueEnds(TagSpelling function, String wrapperCloser) {
        List<String> out = new ArrayList<>(parameterClosers);
        out.addAll(parameterElements);
        out.add(function.closer());
        out.add(wrapperCloser);
        return out;
    }

    /** An element found: its header and spelling, or the answers NEED (more text) and NONE. */
    record Found(TagHeader header, TagSpelling spelling) {
        static final Found NEED = new Found(TagHeader.NEED, null);
        static final Found NONE = new Found(TagHeader.NONE, null);

        boolean found() {
            return header.found();
        }

        boolean need() {
            return header == TagHeader.NEED;
        }
    }
}
