package dev.rosetta.cli.e2e;

import java.time.Duration;
import java.util.List;

import dev.rosetta.core.json.Json;
import tools.jackson.databind.JsonNode;

/**
 * One finished {@code rosetta} process.
 *
 * @param args     the arguments it was given
 * @param exitCode its exit code
 * @param stdout   what it printed (UTF-8)
 * @param stderr   what it printed on stderr
 * @param took     how long it ran
 */
record Run(List<String> args, int exitCode, String stdout, String stderr, Duration took) {

    /** stdout as JSON events, one per line ({@code --output-format json}); a line that is not one fails. */
    List<JsonNode> events() {
        return stdout.lines().map(l -> {
            JsonNode node = Json.MAPPER.readTree(l);
            if (!node.isObject()) {
                throw new AssertionError("not a JSON object: " + l);
            }
            return node;
        }).toList();
    }

    List<JsonNode> events(String type) {
        return events().stream().filter(e -> e.path("type").asString("").equals(type)).toList();
    }

    /** stderr's lines, without the blank ones. */
    List<String> errorLines() {
        return stderr.lines().filter(l -> !l.isBlank()).toList();
    }

    @Override
    public String toString() {
        return "rosetta " + String.join(" ", args) + "\nexit " + exitCode + " after " + took.toMillis() + " ms"
                + "\n--- stdout ---\n" + stdout + "\n--- stderr ---\n" + stderr;
    }
}
