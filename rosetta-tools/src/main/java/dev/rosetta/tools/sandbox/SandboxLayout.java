package dev.rosetta.tools.sandbox;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * The file system and network as one sandboxed process sees them, resolved from a
 * {@link SandboxPolicy} just before it starts: everything readable and nothing writable, then
 * the mounts in order, each over what came before (a deeper path after its parent). Every path is
 * real (no link in it), so what is mounted is what the policy names. {@link Bubblewrap} and
 * {@link Seatbelt} each spell the same layout.
 *
 * @param mounts  in the order they apply: parents before what lies in them
 * @param temp    the private temporary folder, which is {@code /tmp} inside (or {@code TMPDIR})
 * @param empty   an empty folder nothing can write, laid over what is hidden or kept from being created
 * @param network what the process may reach
 */
public record SandboxLayout(List<Mount> mounts, Path temp, Path empty, NetworkAccess network) {

    /** What a mount makes of its path and everything under it. */
    public enum Access {
        /** Can be written. */
        WRITABLE,
        /** Can be read, not written; where it does not exist, it cannot be created. */
        READ_ONLY,
        /** Shows as an empty folder (or empty file): what is there cannot be read. */
        HIDDEN,
        /**
         * Writable inside, but the folder itself cannot be renamed, removed or replaced (it is a
         * mount point of its own): a repository's {@code .git}, which git outside would otherwise
         * find swapped for one the model made.
         */
        PINNED
    }

    /**
     * @param path      a real path
     * @param access    what the mount allows
     * @param directory whether a folder is there ({@code false} for a file, and for nothing at all)
     * @param exists    whether anything is there; a missing read-only path is kept from being created
     */
    public record Mount(Path path, Access access, boolean directory, boolean exists) {
        public Mount {
            Objects.requireNonNull(path, "path");
            Objects.requireNonNull(access, "access");
        }
    }

    public SandboxLayout {
        mounts = List.copyOf(mounts);
    }

    /**
     * The access the last mount covering {@code path} (a real path) gives; read-only when none
     * does. What lies in a pinned folder is writable; the pinned folder itself is not.
     */
    public Access accessOf(Path path) {
        Access access = Access.READ_ONLY;
        for (Mount m : mounts) {
            if (path.startsWith(m.path())) {
                access = m.access() == Access.PINNED && !path.equals(m.path()) ? Access.WRITABLE : m.access();
            }
        }
        return access;
    }

    /** The folders a process may write in, in order. */
    public List<Path> writable() {
        return mounts.stream().filter(m -> m.access() == Access.WRITABLE).map(Mount::path).toList();
    }
}
