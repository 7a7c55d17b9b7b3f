package dev.rosetta.core.dialect.described;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import dev.rosetta.core.dialect.MarkupTag;
import dev.rosetta.core.dialect.MarkupToken;
import dev.rosetta.core.split.Input;
import dev.rosetta.core.split.Opening;
import dev.rosetta.core.split.ReasoningMarkers;
import dev.rosetta.core.split.Reader;

/**
 * The cascade's reader for a described dialect: asks each of its spellings, in order, where one
 * of their openers begins, and reads the dialect's markup tokens as markup. The characters it
 * lists are its openers' first (and second) characters, so prose costs it nothing.
 */
final class DescribedReader implements Reader {

    private final List<FormReader> forms;
    private final List<String> markup;
    private final List<String> markupTags;
    private final List<ReasoningMarkers> reasoning;
    private final String lineStarts;
    private final String midLineStarts;
    private final List<String> starts;

    DescribedReader(List<FormReader> forms, List<String> markup, List<String> markupTags, List<ReasoningMarkers> reasoning) {
        this.forms = List.copyOf(forms);
        this.markup = List.copyOf(markup);
        this.markupTags = List.copyOf(markupTags);
        this.reasoning = List.copyOf(reasoning);
        List<String> all = new ArrayList<>(markup);
        markupTags.forEach(tag -> all.addAll(List.of("<" + tag, "</" + tag)));
        StringBuilder mid = new StringBuilder(firsts(all));
        for (FormReader f : forms) {
            all.addAll(f.starts());
            if (f.midLine()) {
                mid.append(firsts(f.midLineStarts()));
            }
        }
        this.starts = List.copyOf(all);
        this.lineStarts = firsts(all);
        this.midLineStarts = distinct(mid.toString());
    }

    @Override
    public Opening open(Input in, int at) {
        return open(in, at, true);
    }

    @Override
    public Opening openMidLine(Input in, int at) {
        return open(in, at, false);
    }

    private Opening open(Input in, int at, boolean lineStart) {
        for (FormReader f : forms) {
            if (!lineStart && !f.midLine()) {
                continue;
            }
            Opening o = f.open(in, at, lineStart);
            // An earlier spelling still undecided must be asked again first: batch and stream agree.
            if (o.kind() == Opening.Kind.BLOCK || o.undecided() && !in.complete()) {
                return o;
            }
        }
        Opening token = markup.isEmpty() ? Opening.NONE : MarkupToken.open(in, at, markup);
        return token.kind() != Opening.Kind.NONE || markupTags.isEmpty() ? token : MarkupTag.open(in, at, markupTags);
    }

    @Override
    public String lineStarts() {
        return lineStarts;
    }

    @Override
    public List<String> literalStarts() {
        return starts;
    }

    @Override
    public String midLineStarts() {
        return midLineStarts;
    }

    @Override
    public String secondChars(char first) {
        Set<Character> seconds = new LinkedHashSet<>();
        for (String s : starts) {
            if (s.charAt(0) == first) {
                if (s.length() < 2) {
                    return null;
                }
                seconds.add(s.charAt(1));
            }
        }
        StringBuilder out = new StringBuilder();
        seconds.forEach(out::append);
        return out.toString();
    }

    @Override
    public List<ReasoningMarkers> reasoningMarkers() {
        return reasoning;
    }

    private static String firsts(List<String> texts) {
        StringBuilder out = new StringBuilder();
        for (String t : texts) {
            out.append(t.charAt(0));
        }
        return distinct(out.toString());
    }

    private static String distinct(String chars) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < chars.length(); i++) {
            if (out.indexOf(chars.substring(i, i + 1)) < 0) {
                out.append(chars.charAt(i));
            }
        }
        return out.toString();
    }
}
