package dev.rosetta.core.dialect.described;

import java.util.List;

/**
 * The tags of a key-value call: its opener and closer, and the opener and closer of a key and of
 * a value ({@code <tool_call>}, {@code </tool_call>}, {@code <arg_key>}, {@code </arg_key>},
 * {@code <arg_value>}, {@code </arg_value>} for GLM).
 */
record KeyValueTags(String opener, String closer, String keyOpener, String keyCloser, String valueOpener,
        String valueCloser) {

    KeyValueTags(String opener, String closer, List<String> key, List<String> value) {
        this(opener, closer, key.get(0), key.get(1), value.get(0), value.get(1));
    }

    /** Text that would end a key or value early: one holding it cannot be spelled. */
    List<String> endsText() {
        return List.of(valueCloser, keyCloser, keyOpener, valueOpener, closer);
    }
}
