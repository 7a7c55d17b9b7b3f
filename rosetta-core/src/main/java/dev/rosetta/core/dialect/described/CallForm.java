package dev.rosetta.core.dialect.described;

import java.util.List;

/**
 * One spelling of a call in a described dialect: where it starts and ends, and how it names its
 * tool and encodes its arguments. Which keys a shape reads is in docs/DIALECTS.md ("Describing a
 * dialect"); the others are empty.
 *
 * @param shape        the scanner that reads it
 * @param open         the openers: any of them starts a call
 * @param close        the closer of each opener, in the same order (one closer serves all); empty
 *                     when the call ends where its arguments do
 * @param sectionOpen  header-json: tokens that open a group of calls, each call then starting with an opener
 * @param sectionClose header-json: tokens that close the group
 * @param evidence     what makes the construct a call rather than prose
 * @param midLine      whether an opener counts right after prose on a line, not only at a line start
 * @param separator    header-json: what may stand between the name and the arguments (none: the arguments' brace ends the name)
 * @param namePrefix   header-json, object: text before the name that is not part of it ({@code functions.}, {@code call:})
 * @param nameCounter  header-json: a {@code :N} after the name counts calls and is not part of it
 * @param idFromHeader header-json: the whole header is the call's id
 * @param nameAfterSeparator header-json: a header of this word means the name follows the separator (DeepSeek V3's {@code function})
 * @param functions    tags: the openers of a function element ({@code <function=}, {@code <invoke name=})
 * @param parameters   tags: the openers of a parameter element ({@code <parameter=}, {@code <parameter name=})
 * @param bareFunctions tags: the function openers that open a call without the opener around it, when
 *                     a parameter, its closer or a JSON body follows ({@code <function=}, not MiniMax's {@code <invoke})
 * @param key          key-value: the opener and closer of a key
 * @param value        key-value: the opener and closer of a value
 * @param quote        object: the token that quotes strings ({@code <|"|>}, {@code <escape>})
 * @param tool         code: the tool that runs the code
 * @param bare         python: a list at a line start whose first call names a declared tool, with no
 *                     marker (then {@code open} is empty); reported, not run, in another format's conversation
 * @param write        how the dialect spells a call of this form, or null for the shape's own spelling
 * @param stop         header-json: text that ends a call's arguments where no closer does (ReAct's
 *                     {@code \nObservation:}, the stop word its prompts give the server)
 */
public record CallForm(Shape shape, List<String> open, List<String> close, List<String> sectionOpen,
        List<String> sectionClose, Evidence evidence, boolean midLine, List<String> separator, List<String> namePrefix,
        boolean nameCounter, boolean idFromHeader, String nameAfterSeparator, List<String> functions,
        List<String> parameters, List<String> bareFunctions, List<String> key, List<String> value, String quote, String tool, boolean bare, String write,
        List<String> stop) {

    public CallForm {
        open = List.copyOf(open);
        close = List.copyOf(close);
        sectionOpen = List.copyOf(sectionOpen);
        sectionClose = List.copyOf(sectionClose);
        separator = List.copyOf(separator);
        namePrefix = List.copyOf(namePrefix);
        functions = List.copyOf(functions);
        parameters = List.copyOf(parameters);
        bareFunctions = List.copyOf(bareFunctions);
        key = List.copyOf(key);
        value = List.copyOf(value);
        stop = List.copyOf(stop);
    }

    /** The closer of the {@code i}-th opener, or null when the call has none. */
    public String closeOf(int i) {
        if (close.isEmpty()) {
            return null;
        }
        return close.size() == 1 ? close.get(0) : close.get(i);
    }
}
