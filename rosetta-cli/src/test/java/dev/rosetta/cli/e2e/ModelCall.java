package dev.rosetta.cli.e2e;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import dev.rosetta.core.json.Json;

/**
 * A tool call the fake model makes, independent of how it is spelled: {@link Format} writes it
 * as a fenced block, an xml element or a native call.
 *
 * @param id        the call id a native call carries (text calls get theirs from Rosetta)
 * @param tool      the tool's name
 * @param path      the file argument, or null
 * @param bodyName  the name of the body parameter (content, command, patch, lines), or null
 * @param body      the body, or null
 */
record ModelCall(String id, String tool, String path, String bodyName, String body) {

    private static final AtomicInteger IDS = new AtomicInteger();

    static ModelCall save(String path, String content) {
        return new ModelCall(nextId(), "save", path, "content", content);
    }

    static ModelCall shell(String command) {
        return new ModelCall(nextId(), "shell", null, "command", command);
    }

    static ModelCall patch(String path, String original, String updated) {
        String hunk = "<<<<<<< ORIGINAL\n" + original + "=======\n" + updated + ">>>>>>> UPDATED\n";
        return new ModelCall(nextId(), "patch", path, "patch", hunk);
    }

    /**
     * A call whose arguments are one JSON object (an MCP server's tool): the body of a fenced
     * block or an xml element, the arguments of a native call. {@code tool} is as the format
     * spells it: {@code server.tool} in text, {@code server__tool} natively.
     */
    static ModelCall json(String tool, String argumentsJson) {
        return new ModelCall(nextId(), tool, null, null, argumentsJson);
    }

    static ModelCall ipython(String code) {
        return new ModelCall(nextId(), "ipython", null, "code", code);
    }

    static ModelCall jshell(String code) {
        return new ModelCall(nextId(), "jshell", null, "code", code);
    }

    static ModelCall read(String path) {
        return new ModelCall(nextId(), "read", path, null, null);
    }

    /** A native call read back from a request: the path and the body taken from its named arguments. */
    static ModelCall of(String id, String tool, Map<String, Object> args) {
        Object path = args.get("path");
        String bodyName = args.keySet().stream().filter(k -> !k.equals("path")).findFirst().orElse(null);
        return new ModelCall(id, tool, path == null ? null : path.toString(), bodyName,
                bodyName == null ? null : String.valueOf(args.get(bodyName)));
    }

    /** The call as native arguments: {"path": …, "<body>": …}. */
    Map<String, Object> arguments() {
        Map<String, Object> args = new LinkedHashMap<>();
        if (path != null) {
            args.put("path", path);
        }
        if (bodyName != null) {
            args.put(bodyName, body);
        }
        return args;
    }

    String argumentsJson() {
        return bodyName == null && body != null ? body : Json.write(arguments());
    }

    /** Ids shaped like the providers' own (letters, digits, '_'), unique within a test run. */
    private static String nextId() {
        return "call_e2e" + IDS.incrementAndGet();
    }
}
