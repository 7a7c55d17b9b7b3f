package dev.rosetta.llm.tape;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * Where a conversation's model replies are kept ({@link Mode#RECORD}) or come from ({@link
 * Mode#REPLAY}): one JSON line per reply ({@link TapeLine}). Set by the process environment only
 * ({@value #RECORD_VARIABLE}, {@value #REPLAY_VARIABLE}), never by a config file: a tape that
 * answers for the model decides which commands run, and a project must not be able to choose that.
 */
public record ReplyTape(Mode mode, Path file) {

    /** The file every reply of the conversation is appended to. */
    public static final String RECORD_VARIABLE = "ROSETTA_RECORD_REPLIES";
    /** The file the conversation's replies are read from, in order, instead of asking a provider. */
    public static final String REPLAY_VARIABLE = "ROSETTA_REPLAY_REPLIES";

    public enum Mode { RECORD, REPLAY }

    /** The tape the process environment names; replay wins when both are set. */
    public static Optional<ReplyTape> fromProcess(Map<String, String> processEnv) {
        String replay = processEnv.get(REPLAY_VARIABLE);
        if (replay != null && !replay.isBlank()) {
            return Optional.of(new ReplyTape(Mode.REPLAY, Path.of(replay.strip()).toAbsolutePath()));
        }
        String record = processEnv.get(RECORD_VARIABLE);
        if (record != null && !record.isBlank()) {
            return Optional.of(new ReplyTape(Mode.RECORD, Path.of(record.strip()).toAbsolutePath()));
        }
        return Optional.empty();
    }
}
