package dev.rosetta.tools.repl;

import java.util.Map;

/** What came back from an interpreter process: a frame, or the news that the process is gone. */
public sealed interface Reply {

    /** A protocol frame. */
    record Frame(Map<String, String> fields) implements Reply {
        public String get(String key) {
            return fields.getOrDefault(key, "");
        }
    }

    /**
     * The process ended (its protocol stream closed).
     *
     * @param status its exit status (128 + n when killed by signal n), or -1 if it had not exited yet
     * @param killed whether Rosetta killed it
     */
    record Ended(int status, boolean killed) implements Reply {}
}
