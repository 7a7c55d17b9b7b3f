package dev.rosetta.tools.shell.syntax;

import java.util.List;

/** A list of commands, in the order bash reads them (pipelines and {@code && ||} lists flattened: each may run). */
public record Script(List<Command> commands) {

    public Script {
        commands = List.copyOf(commands);
    }
}
