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
        if (output.contains(READ_ONLY)) {
            Optional<Path> path = writtenPath(output, directory);
            if (path.isEmpty() || !sandbox.permitsWrite(path.get())) {
                return Optional.of("the sandbox refused a write" + path.map(p -> " to " + p).orElse("")
                        + ": it may write only " + sandbox.writableSummary()
                        + ", and never a repository's config and hooks or Rosetta's files."
                        + " Write inside the workspace, or ask the user to add the folder to [sandbox] writable");
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

    private static Optional<Path> writtenPath(String output, Path directory) {
        for (Pattern pattern : WRITE_PATHS) {
            Matcher m = pattern.matcher(output);
            if (m.find()) {
                try {
                    return Optional.of(directory.resolve(m.group(1).strip()).normalize());
                } catch (InvalidPathException e) {
                    return Optional.empty();
                }
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
