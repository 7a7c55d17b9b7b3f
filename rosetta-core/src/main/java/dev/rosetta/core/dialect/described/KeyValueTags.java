package dev.rosetta.core.dialect.described;

import java.util.List;

/**
 * The tags of a key-value call: its opener and closer, and the opener and closer of a key and of
 * a value ({@code <tool_call>}, {@code </tool_call>}, {@code <arg_key>}, {@code </arg_key>},
 * {@code <arg_value>}, {@code </arg_value>} for GLM); the token between the name and the first key,
 * and the tokens around a group of calls, where the dialect has them (Hunyuan 3's
 * {@code <tool_sep>}, {@code <tool_calls>}, {@code </tool_calls>}), else null.
 */
record KeyValueTags(String opener, String closer, String keyOpener, String keyCloser, String valueOpener,
        String valueCloser, String separator, String sectionOpen, String sectionClose) {

    /** The tags of {@code form}'s first opener. */
    static KeyValueTags of(CallForm form) {
        return new KeyValueTags(form.open().get(0), form.closeOf(0), form.key().get(0), form.key().get(1),
                form.value().get(0), form.value().get(1), first(form.separator()), first(form.sectionOpen()),
                first(form.sectionClose()));
    }

    private static String first(List<String> tokens) {
        return tokens.isEmpty() ? null : tokens.get(0);
    }

    /** Text that would end a key or value early: one holding it cannot be spelled. */
    List<String> endsText() {
        return List.of(valueCloser, keyCloser, keyOpener, valueOpener, closer);
    }
}
