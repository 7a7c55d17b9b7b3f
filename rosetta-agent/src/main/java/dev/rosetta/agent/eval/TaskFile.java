package dev.rosetta.agent.eval;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

import dev.rosetta.agent.config.TomlDocument;
import dev.rosetta.core.RosettaException;
import dev.rosetta.core.time.DurationSetting;
import dev.rosetta.core.tool.BuiltinTools;
import dev.rosetta.core.tool.ToolSpec;
import tools.jackson.databind.JsonNode;

/**
 * Reads a task's TOML file into an {@link EvalTask}. Every problem — a missing prompt, a key of the
 * wrong type, a key no task has (a typo would otherwise be a check silently never made), a task
 * with no checks, a path that leaves the workspace — is one line naming the file, the place and
 * the key.
 */
public final class TaskFile {

    static final Set<String> KEYS = Set.of("name", "prompt", "files", "run", "expect_exit", "expect_stdout_contains",
            "expect_files", "check", "tools", "timeout", "tags");
    /** A name is used in ids (suite/name), globs and CSV cells: no slash, no line break, not blank. */
    private static final Pattern NAME = Pattern.compile("[^/\\\\\\r\\n]*[^/\\\\\\s][^/\\\\\\r\\n]*");

    private TaskFile() {}

    /** The task in {@code text}, read from {@code file} of {@code suite}. */
    public static EvalTask parse(String suite, Path file, String text) {
        TomlDocument doc = TomlDocument.parse(file, text);
        Reader r = new Reader(doc);
        for (var field : doc.root().properties()) {
            if (!KEYS.contains(field.getKey())) {
                throw doc.error(List.of(field.getKey()), "unknown key '" + field.getKey() + "'; a task has "
                        + String.join(", ", KEYS.stream().sorted().toList()));
            }
        }
        String fileName = file.getFileName().toString();
        String name = r.optionalString("name");
        if (name == null) {
            name = fileName.endsWith(".toml") ? fileName.substring(0, fileName.length() - 5) : fileName;
        }
        if (!NAME.matcher(name).matches()) {
            throw doc.error(List.of("name"), "name: '" + name + "' is not a task name (one line, not blank, no '/')");
        }
        String prompt = r.optionalString("prompt");
        if (prompt == null || prompt.isBlank()) {
            throw doc.error(List.of("prompt"), "prompt: a task needs a prompt (the message the model gets)");
        }
        Map<String, String> files = r.pathTable("files");
        String run = r.optionalString("run");
        Integer expectExit = r.optionalInt("expect_exit");
        List<String> stdout = r.stringOrStrings("expect_stdout_contains");
        if (run == null && (expectExit != null || !stdout.isEmpty())) {
            String key = expectExit != null ? "expect_exit" : "expect_stdout_contains";
            throw doc.error(List.of(key), key + ": checks what `run` does, and the task has no run command");
        }
        Map<String, String> expectFiles = r.pathTable("expect_files");
        String check = r.optionalString("check");
        List<String> tools = doc.root().has("tools") ? r.tools() : null;
        Duration timeout = r.duration("timeout");
        List<String> tags = r.stringOrStrings("tags");
        EvalTask task = new EvalTask(suite, name, file, prompt, files, run, expectExit, stdout, expectFiles, check,
                tools, timeout, tags);
        if (task.checkCount() == 0) {
            throw new RosettaException(file + ": the task checks nothing, so any answer would pass it; give it"
                    + " expect_exit, expect_stdout_contains, [expect_files] or check");
        }
        return task;
    }

    /** Typed reads of the document's keys, each failing with the file, place and key. */
    private record Reader(TomlDocument doc) {

        String optionalString(String key) {
            JsonNode node = doc.root().get(key);
            if (node == null) {
                return null;
            }
            if (!node.isString()) {
                throw doc.error(List.of(key), key + ": must be a string, got " + kind(node));
            }
            return node.asString();
        }

        Integer optionalInt(String key) {
            JsonNode node = doc.root().get(key);
            if (node == null) {
                return null;
            }
            if (!node.isIntegralNumber() || !node.canConvertToInt()) {
                throw doc.error(List.of(key), key + ": must be a whole number, got " + kind(node));
            }
            return node.asInt();
        }

        List<String> stringOrStrings(String key) {
            JsonNode node = doc.root().get(key);
            if (node == null) {
                return List.of();
            }
            if (node.isString()) {
                return List.of(node.asString());
            }
            if (!node.isArray()) {
                throw doc.error(List.of(key), key + ": must be a string or an array of strings, got " + kind(node));
            }
            List<String> out = new ArrayList<>();
            for (JsonNode item : node) {
                if (!item.isString()) {
                    throw doc.error(List.of(key), key + ": must hold strings only, got " + kind(item));
                }
                out.add(item.asString());
            }
            return out;
        }

        Map<String, String> pathTable(String key) {
            JsonNode node = doc.root().get(key);
            Map<String, String> out = new LinkedHashMap<>();
            if (node == null) {
                return out;
            }
            if (!node.isObject()) {
                throw doc.error(List.of(key), key + ": must be a table of path = \"text\", got " + kind(node));
            }
            for (var entry : node.properties()) {
                String path = entry.getKey();
                List<String> at = List.of(key, path);
                if (!entry.getValue().isString()) {
                    throw doc.error(at, key + "." + path + ": must be a string, got " + kind(entry.getValue())
                            + " (quote a path with dots: \"src/a.py\" = \"…\")");
                }
                WorkspacePath.check(path).ifPresent(problem -> {
                    throw doc.error(at, key + ": " + problem);
                });
                out.put(path, entry.getValue().asString());
            }
            return out;
        }

        List<String> tools() {
            List<String> names = new ArrayList<>();
            for (String item : stringOrStrings("tools")) {
                for (String part : item.split(",")) {
                    if (!part.isBlank()) {
                        names.add(part.strip());
                    }
                }
            }
            List<String> known = BuiltinTools.ALL.stream().map(ToolSpec::name).toList();
            for (String n : names) {
                String bare = n.startsWith("+") || n.startsWith("-") ? n.substring(1) : n;
                if (!known.contains(bare)) {
                    throw doc.error(List.of("tools"), "tools: unknown tool '" + bare + "'; the tools are "
                            + String.join(", ", known));
                }
            }
            return names;
        }

        Duration duration(String key) {
            JsonNode node = doc.root().get(key);
            if (node == null) {
                return null;
            }
            String value = node.isNumber() ? node.asString() + "s" : node.isString() ? node.asString() : null;
            if (value == null) {
                throw doc.error(List.of(key), key + ": must be a duration such as \"90s\" or \"5m\", got " + kind(node));
            }
            try {
                Duration d = DurationSetting.read(doc.where(List.of(key)) + ": " + key, value);
                if (d.isZero() || d.isNegative()) {
                    throw doc.error(List.of(key), key + ": must be longer than zero");
                }
                return d;
            } catch (RosettaException e) {
                throw e;
            }
        }

        private static String kind(JsonNode node) {
            if (node.isString()) {
                return "a string";
            }
            if (node.isNumber()) {
                return "a number";
            }
            if (node.isBoolean()) {
                return "true/false";
            }
            if (node.isArray()) {
                return "an array";
            }
            return node.isObject() ? "a table" : "something else";
        }
    }
}
