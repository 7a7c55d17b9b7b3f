package dev.rosetta.core.tool;

import java.util.Objects;

/**
 * Why a tool call failed, in a form both the model and programs can act on. Classified from
 * the real cause (exception type, errno, exit status), never from message text.
 *
 * @param code the code as it appears in {@code [ERROR:CODE]}
 */
public record ErrorCode(String code) {

    public static final ErrorCode ENOENT = new ErrorCode("ENOENT");
    public static final ErrorCode EACCES = new ErrorCode("EACCES");
    public static final ErrorCode EISDIR = new ErrorCode("EISDIR");
    public static final ErrorCode ENOTDIR = new ErrorCode("ENOTDIR");
    public static final ErrorCode EEXIST = new ErrorCode("EEXIST");
    /** A file name longer than the file system allows (255 bytes on Linux), or a path longer than 4095 bytes. */
    public static final ErrorCode ENAMETOOLONG = new ErrorCode("ENAMETOOLONG");
    /** Any other input/output failure: a full or read-only disk, a device error. */
    public static final ErrorCode EIO = new ErrorCode("EIO");
    /** Bytes that are not valid text in the expected encoding (a non-UTF-8 file to patch). */
    public static final ErrorCode EILSEQ = new ErrorCode("EILSEQ");
    public static final ErrorCode TIMEOUT = new ErrorCode("Timeout");
    public static final ErrorCode CANCELED = new ErrorCode("Canceled");
    public static final ErrorCode INVALID_ARGS = new ErrorCode("InvalidArgs");
    public static final ErrorCode UNAVAILABLE = new ErrorCode("Unavailable");
    /** A permission rule forbids the call: it was not run, and asking again will not run it. */
    public static final ErrorCode DENIED = new ErrorCode("Denied");
    /**
     * The call ran in the sandbox, which refused what it tried: a write outside the writable
     * folders, a network connection with the network off. The toolchain is fine; the call needs
     * what the sandbox does not allow.
     */
    public static final ErrorCode SANDBOX = new ErrorCode("Sandbox");

    public ErrorCode {
        Objects.requireNonNull(code, "code");
    }

    /** A command that ran and exited with a non-zero status. */
    public static ErrorCode exitCode(int status) {
        return new ErrorCode("ExitCode:" + status);
    }

    /** The prefix that starts an error result's text for the model. */
    public String tag() {
        return "[ERROR:" + code + "]";
    }
}
