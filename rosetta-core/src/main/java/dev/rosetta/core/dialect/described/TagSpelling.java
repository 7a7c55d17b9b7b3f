package dev.rosetta.core.dialect.described;

import dev.rosetta.core.split.Input;

/**
 * How an element that names something opens, as a description writes it: {@code <function=}
 * ({@code <function=NAME>}) or {@code <invoke name=} ({@code <invoke name="NAME">}, either quote),
 * and the closer that follows from it ({@code </function>}, {@code </invoke>}).
 *
 * @param written  as the description gives it
 * @param element  the tag's start, what a search looks for ({@code <function}, {@code <invoke})
 * @param nameForm whether the name is a {@code name="…"} attribute rather than after {@code =}
 * @param closer   the element's closing tag
 */
record TagSpelling(String written, String element, boolean nameForm, String closer) {

    private static final String NAME_ATTRIBUTE = " name=";

    /** The spelling {@code written}; null when it is neither form. */
    static TagSpelling of(String written) {
        boolean nameForm = written.endsWith(NAME_ATTRIBUTE);
        if (!written.startsWith("<") || !nameForm && !written.endsWith("=")) {
            return null;
        }
        String element = written.substring(0, written.length() - (nameForm ? NAME_ATTRIBUTE.length() : 1));
        if (element.length() < 2 || element.contains(" ")) {
            return null;
        }
        return new TagSpelling(written, element, nameForm, "</" + element.substring(1) + ">");
    }

    /** The element's opening tag at {@code at}, if one of this spelling is there. */
    TagHeader header(Input in, int at) {
        return nameForm ? TagHeader.nameForm(in, at, element) : TagHeader.equalsForm(in, at, written);
    }

    /** How an element named {@code name} opens in this spelling. */
    String open(String name) {
        return nameForm ? element + NAME_ATTRIBUTE + "\"" + name + "\">" : written + name + ">";
    }
}
