package dev.rosetta.tools.sandbox;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** How a platform confines a process to a {@link SandboxLayout}. */
public sealed interface SandboxMechanism permits Bubblewrap, Seatbelt {

    /** As users know it: {@code bubblewrap}, {@code Seatbelt}. */
    String name();

    /** The command line that runs {@code command} in {@code directory}, confined to {@code layout}. */
    List<String> wrap(SandboxLayout layout, Path directory, List<String> command);

    /**
     * The pid, as Rosetta sees it, of the command (the first process in the sandbox), for signals
     * and the process table; empty when it is not (or no longer) there.
     *
     * @param started the process Rosetta started (the sandbox's launcher)
     */
    Optional<Long> commandPid(ProcessHandle started);

    /** Variables the command gets for the layout to work (where its temporary folder is). */
    Map<String, String> environment(SandboxLayout layout);
}
