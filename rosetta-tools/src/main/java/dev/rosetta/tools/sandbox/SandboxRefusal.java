package dev.rosetta.tools.sandbox;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.rosetta.core.tool.ErrorCode;
import dev.rosetta.core.tool.ToolResult;

/**
 * Tells a call the sandbox refused from one that failed on its own, so the model hears that it
 * was the sandbox ({@code [ERROR:Sandbox]}, with the path or host) and not a broken toolchain.
 * The sandbox itself reports nothing: a refused write fails with {@code EROFS} ("Read-only file
 * system"), a connection with the network off with {@code ENETUNREACH} or a name that does not
 * resolve. Those are what programs print; a write counts only when its path, where one is named,
 * is one the sandbox keeps read-only, and a network failure only when the network is off.
 */
public final class SandboxRefusal {

    private static final String READ_ONLY = "Read-only file system";
    private static final String BUSY = "Device or resource busy";
    /** A quoted name on a line, as {@code mv}, {@code rm} and Python quote the paths they name. */
    private static final Pattern QUOTED = Pattern.compile("['‘\"]([^'’\"\\n]+)['’\"]");
    /** A path a program names before or after "Read-only file system": quoted, or a word ending in a colon. */
    private static final List<Pattern> WRITE_PATHS = List.of(
            Pattern.compile("['‘\"]([^'’\"\\n]+)['’\"]:? " + READ_ONLY),
            Pattern.compile(READ_ONLY + ":? ['‘\"]([^'’\"\\n]+)['’\"]"),
            Pattern.compile("(?m)(?:^|\\s)(/[^\\s:'\"]*|[\\w.-][^\\s:'\"]*): " + READ_ONLY));
    private static final List<Pattern> HOSTS = List.of(
            Pattern.compile("Could not resolve host: ([\\w.-]+)"),
            Pattern.compile("getaddrinfo (?:EAI_AGAIN|ENOTFOUND) ([\\w.-]+)"),
            Pattern.compile("UnknownHostException: ([\\w.-]+)"),
            Pattern.compile("host='([\\w.-]+)'"),
            Pattern.compile("(?:resolve|lookup|connect to) ['\"]?([a-zA-Z][\\w-]*(?:\\.[\\w-]+)+)"));
    private static final Pattern NETWORK = Pattern.compile("Network is unreachable|Temporary failure in name resolution"
            + "|Name or service not known|Could not resolve host|getaddrinfo|EAI_AGAIN|ENETUNREACH|UnknownHostException"
            + "|No address associated with hostname|nodename nor servname");
    private static final Pattern LOOPBACK_REFUSED = Pattern.compile("(?:localhost|127\\.0\\.0\\.1|\\[::1\\]|::1)"
            + "[^\\n]*(?:Connection refused|ECONNREFUSED)|(?:Connection refused|ECONNREFUSED)[^\\n]*(?:localhost|127\\.0\\.0\\.1|::1)");

    private SandboxRefusal() {}

    /**
     * {@code result} as the model should read it: a failed call whose output shows a refusal of
     * {@code sandbox} becomes {@code [ERROR:Sandbox]} with a line saying what was refused and what
     * would allow it; any other result is returned as it is.
     *
     * @param directory where relative paths in the output are taken from (the workspace)
     */
    public static ToolResult classify(ToolResult result, Sandbox sandbox, Path directory) {
        if (!result.isError() || !sandbox.confines() || ErrorCode.SANDBOX.equals(result.code())) {
            return result;
        }
        return find(result.output(), sandbox, directory).map(refused -> {
            String text = result.output();
            String tag = result.code() == null ? "" : result.code().tag();
            String rest = !tag.isEmpty() && text.startsWith(tag) ? text.substring(tag.length()) : "\n" + text;
            return ToolResult.error(ErrorCode.SANDBOX, ErrorCode.SANDBOX.tag() + rest + "\n[" + refused + "]");
        }).orElse(result);
    }

    /** What {@code output} shows {@code sandbox} refused, in one sentence; empty when nothing (or nothing is confined). */
    public static Optional<String> describe(String output, Sandbox sandbox, Path directory) {
        return sandbox.confines() ? find(output, sandbox, directory) : Optional.empty();
    }

    /** What the output shows the sandbox refused, as one sentence for the model; empty when nothing. */
    static Optional<String> find(String output, Sandbox sandbox, Path directory) {
        Optional<Path> kept = keptInPlace(output, sandbox, directory);
        if (kept.isPresent()) {
            return Optional.of("the sandbox keeps " + kept.get() + " in place: it cannot be moved, renamed or removed"
                    + " in the sandbox" + repositoryHint(kept.get(), sandbox).orElse(""));
        }
        if (output.contains(READ_ONLY)) {
            Optional<Path> path = writtenPath(output, directory);
            if (path.isEmpty() || !sandbox.permitsWrite(path.get())) {
                String where = "the sandbox refused a write" + path.map(p -> " to " + p).orElse("");
                return Optional.of(where + path.flatMap(p -> repositoryHint(p, sandbox)).orElseGet(() ->
                        ": it may write only " + sandbox.writableSummary()
                        + ", and never a repository or Rosetta's files. Write inside the workspace,"
                        + " or ask the user to add the folder to [sandbox] writable"));
            }
        }
        if (sandbox.settings().network() == NetworkAccess.OFF && NETWORK.matcher(output).find()) {
            String host = host(output).map(h -> " to " + h).orElse("");
            return Optional.of("the sandbox refused a network connection" + host + ": the network is off in the sandbox"
                    + " (loopback servers of the machine included). Work offline, or ask the user to allow it"
                    + " ([sandbox] network = \"on\")");
        }
        if (sandbox.settings().network() == NetworkAccess.OFF && LOOPBACK_REFUSED.matcher(output).find()) {
            return Optional.of("the sandbox has a loopback of its own: the machine's loopback servers are out of reach"
                    + " with the network off (servers this process starts itself are reachable). Ask the user to allow"
                    + " it ([sandbox] network = \"on\") if the task needs a server of theirs");
        }
        return Optional.empty();
    }

    /**
     * For a path in a repository ({@code .git}): why the sandbox keeps it, and how the user allows
     * it. The whole repository is read-only unless the user made it writable; then still its config
     * and hooks, from which git would run a command later, for the user, outside the sandbox.
     */
    private static Optional<String> repositoryHint(Path path, Sandbox sandbox) {
        Path repository = null;
        for (Path p = path; p != null; p = p.getParent()) {
            if (p.getFileName() != null && p.getFileName().toString().equals(".git")) {
                repository = p;
            }
        }
        if (repository == null) {
            return Optional.empty();
        }
        if (sandbox.permitsWrite(repository.resolve("index"))) {
            return Optional.of(": a repository's config and hooks stay read-only in the sandbox even where the user made"
                    + " the repository writable, since git would run what they name later, for the user. Leave them as"
                    + " they are, or ask the user to change them");
        }
        return Optional.of(": the repository (" + repository + ") is read-only in the sandbox, so that nothing run here"
                + " changes what git does later for the user. Do not commit, branch, stash or change its config here:"
                + " leave the changes in the working tree for the user to commit. To let the model commit, the user can"
                + " add [sandbox] writable = [\".git\"] to their config, or run with --sandbox off");
    }

    /**
     * A path the output could not move or remove because the sandbox mounted it in place
     * ({@code Device or resource busy}: a mount point cannot be renamed or removed).
     */
    private static Optional<Path> keptInPlace(String output, Sandbox sandbox, Path directory) {
        return output.lines().filter(line -> line.contains(BUSY)).flatMap(line -> QUOTED.matcher(line).results()
                .map(m -> m.group(1))).flatMap(name -> resolved(name, directory).stream())
                .filter(sandbox::mountsInPlace).findFirst();
    }

    private static Optional<Path> resolved(String name, Path directory) {
        try {
            return Optional.of(directory.resolve(name.strip()).normalize());
        } catch (InvalidPathException e) {
            return Optional.empty();
        }
    }

    private static Optional<Path> writtenPath(String output, Path directory) {
        for (Pattern pattern : WRITE_PATHS) {
            Matcher m = pattern.matcher(output);
            if (m.find()) {
                return resolved(m.group(1), directory);
            }
        }
        return Optional.empty();
    }

    private static Optional<String> host(String output) {
        for (Pattern pattern : HOSTS) {
            Matcher m = pattern.matcher(output);
            if (m.find()) {
                return Optional.of(m.group(1));
            }
        }
        return Optional.empty();
    }
}
