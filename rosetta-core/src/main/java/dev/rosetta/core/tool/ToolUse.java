package dev.rosetta.core.tool;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One tool call as the model spelled it: positional {@code args} and a {@code content} body
 * (markdown and xml), or named {@code kwargs} (native calls, xml parameters), and the call id
 * that ties a native call to its result. {@link ToolSpec#bind} turns any of these shapes into
 * named arguments.
 *
 * @param tool    the tool's name (not the tag that called it: {@code py} calls {@code ipython})
 * @param args    positional arguments, e.g. the path of {@code ```save x.py}
 * @param content the body, or null when the call has none
 * @param kwargs  named arguments (JSON values: String, Number, Boolean, List, Map or null)
 * @param callId  the id tying a native call to its result, or null
 */
public record ToolUse(String tool, List<String> args, String content, Map<String, Object> kwargs, String callId) {

    public ToolUse {
        Objects.requireNonNull(tool, "tool");
        args = args == null ? List.of() : List.copyOf(args);
        kwargs = kwargs == null || kwargs.isEmpty()
                ? Map.of()
                : Collections.unmodifiableMap(new LinkedHashMap<>(kwargs));
    }

    /** A markdown/xml-shaped call: positional arguments and a body. */
    public static ToolUse positional(String tool, List<String> args, String content) {
        return new ToolUse(tool, args, content, Map.of(), null);
    }

    /** A native-shaped call: named arguments and a call id (may be null). */
    public static ToolUse named(String tool, Map<String, Object> kwargs, String callId) {
        return new ToolUse(tool, List.of(), null, kwargs, callId);
    }

    public ToolUse withCallId(String id) {
        return new ToolUse(tool, args, content, kwargs, id);
    }
}
