package dev.rosetta.tools.python;

import java.util.Map;

import dev.rosetta.core.tool.ErrorCode;
import dev.rosetta.tools.repl.Reply;

/**
 * The error code of a failed Python call, from what the driver reports about the exception
 * object (its type, its {@code errno}, its exit status), never from its message:
 *
 * <ul>
 *   <li>{@code SyntaxError} (and {@code IndentationError}) → {@code InvalidArgs}: the code itself is wrong;
 *   <li>an {@code OSError} whose errno is ENOENT, EACCES (or EPERM), EISDIR, ENOTDIR or EEXIST
 *       → that code ({@code FileNotFoundError} → ENOENT, {@code PermissionError} → EACCES, …);
 *   <li>{@code SystemExit(n)} → {@code ExitCode:n}, as {@code python3 script.py} would exit
 *       (no argument → 0, a message → 1); the interpreter keeps running;
 *   <li>{@code KeyboardInterrupt} raised by the code itself → {@code ExitCode:130} (Rosetta's own
 *       interrupts are {@code Timeout} or {@code Canceled});
 *   <li>anything else, including other OSErrors → {@code ExitCode:1}, what an uncaught
 *       exception makes {@code python3 script.py} exit with.
 * </ul>
 */
final class PythonErrorCode {

    private static final Map<String, ErrorCode> BY_ERRNO = Map.of(
            "ENOENT", ErrorCode.ENOENT,
            "EACCES", ErrorCode.EACCES,
            "EPERM", ErrorCode.EACCES,
            "EISDIR", ErrorCode.EISDIR,
            "ENOTDIR", ErrorCode.ENOTDIR,
            "EEXIST", ErrorCode.EEXIST);

    private PythonErrorCode() {}

    /** The code for a {@code done} reply that carries a failure ({@code kind} is set). */
    static ErrorCode of(Reply.Frame reply) {
        return switch (reply.get("kind")) {
            case "syntax" -> ErrorCode.INVALID_ARGS;
            case "oserror" -> BY_ERRNO.getOrDefault(reply.get("errno"), ErrorCode.exitCode(1));
            case "exit" -> ErrorCode.exitCode(status(reply));
            case "interrupt" -> ErrorCode.exitCode(130);
            default -> ErrorCode.exitCode(1);
        };
    }

    /** The exit status a {@code SystemExit} asked for. */
    static int status(Reply.Frame reply) {
        try {
            return Integer.parseInt(reply.get("status"));
        } catch (NumberFormatException e) {
            return 1;
        }
    }
}
