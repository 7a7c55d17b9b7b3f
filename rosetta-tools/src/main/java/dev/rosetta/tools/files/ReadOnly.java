package dev.rosetta.tools.files;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.EnumSet;
import java.util.Set;

import dev.rosetta.core.tool.ErrorCode;
import dev.rosetta.tools.ToolFailure;

/**
 * A read-only file is not changed, as an editor would not change it: writable means some write
 * bit is set and this user may write it (vim's rule). Root may write anything, so for root the
 * bits decide: 0444 says "do not", whoever owns the file. Without this rule, save would rename a
 * new file over one it may not write (the folder allows it), and the file would change owner.
 * There is no override: a confirmation is a yes to the change shown, and {@code -y} says yes to
 * everything, so the user makes the file writable first, deliberately.
 */
final class ReadOnly {

    private static final Set<PosixFilePermission> WRITE_BITS = EnumSet.of(
            PosixFilePermission.OWNER_WRITE, PosixFilePermission.GROUP_WRITE, PosixFilePermission.OTHERS_WRITE);

    private ReadOnly() {}

    /** Refuses the existing regular file {@code path} with EACCES when it is read-only. */
    static void refuse(Path path, String shown, String tool) throws ToolFailure {
        Set<PosixFilePermission> mode;
        try {
            mode = Files.getPosixFilePermissions(path);
        } catch (UnsupportedOperationException | IOException e) {
            return; // no POSIX modes here: the write itself will say whether it may
        }
        boolean anyWriteBit = mode.stream().anyMatch(WRITE_BITS::contains);
        if (anyWriteBit && Files.isWritable(path)) {
            return;
        }
        throw new ToolFailure(ErrorCode.EACCES, shown + " is read-only (" + PosixFilePermissions.toString(mode)
                + ", owned by " + owner(path) + "), so " + tool + " leaves it as it is. If it should change, make it"
                + " writable first with the shell tool (for example chmod u+w " + shown + "), then " + tool + " again.");
    }

    private static String owner(Path path) {
        try {
            return Files.getOwner(path).getName();
        } catch (UnsupportedOperationException | IOException e) {
            return "an unknown user";
        }
    }
}
