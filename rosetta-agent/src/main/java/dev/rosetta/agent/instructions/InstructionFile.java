package dev.rosetta.agent.instructions;

import java.nio.file.Path;
import java.util.Objects;

/**
 * One file of instructions for the agent, as it goes into the system prompt.
 *
 * @param path  where it is
 * @param text  what goes into the prompt: the file, or its start when it is large
 * @param chars how many characters the whole file has
 * @param cut   whether only its start is in the prompt
 */
public record InstructionFile(Path path, String text, int chars, boolean cut) {

    public InstructionFile {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(text, "text");
    }
}
