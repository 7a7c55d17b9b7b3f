package dev.rosetta.tools.sandbox;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The seccomp program bubblewrap loads before the command runs: a classic BPF filter that refuses,
 * with {@code EPERM}, the system calls that would reach past the mount and network namespaces —
 *
 * <ul>
 * <li>{@code socket(AF_UNIX, …)}: a Unix socket is a file, and a read-only mount does not stop a
 *     connect to it, so without this a command could ask the Docker daemon, the user's D-Bus
 *     session ({@code systemd-run --user}) or an SSH agent to act outside the sandbox. Socket
 *     pairs, which connect nothing, still work;</li>
 * <li>{@code ioctl(TIOCSTI)} and {@code ioctl(TIOCLINUX)}, which push keystrokes into a terminal;</li>
 * <li>the kernel keyring calls, whose user keyring is shared by all of a user's processes;</li>
 * <li>{@code io_uring} (its three calls): its requests make sockets and connect them without the
 *     {@code socket} call a filter sees, so with it a command reached a Unix socket of the machine
 *     all the same. Programs that use it fall back to plain calls when it is refused, as they do
 *     where a kernel or a container turns it off.</li>
 * </ul>
 *
 * Calls of another architecture's numbering (32-bit calls on x86-64, x32) are refused whole, as a
 * filter that reads numbers of one table cannot judge them. Built for x86-64 and AArch64; on other
 * machines there is no filter ({@link #forThisMachine} is empty) and the sandbox says so.
 */
public final class SeccompFilter {

    private static final int LD_W_ABS = 0x20;
    private static final int JEQ_K = 0x15;
    private static final int JGE_K = 0x35;
    private static final int RET_K = 0x06;
    private static final int ALLOW = 0x7fff0000;
    private static final int EPERM = 0x00050000 | 1;

    /** Offsets into {@code struct seccomp_data}: the call's number, the architecture, the arguments' low halves. */
    private static final int NR = 0;
    private static final int ARCH = 4;
    private static final int ARG0 = 16;
    private static final int ARG1 = 24;

    private static final int AF_UNIX = 1;
    private static final int TIOCSTI = 0x5412;
    private static final int TIOCLINUX = 0x541C;

    /** An architecture's audit id and the numbers of the calls the filter looks at. */
    record Table(String name, int audit, boolean x32Bit, int socket, int ioctl, int addKey, int requestKey, int keyctl,
            int ioUringSetup, int ioUringEnter, int ioUringRegister) {}

    static final Table X86_64 = new Table("x86-64", 0xC000003E, true, 41, 16, 248, 249, 250, 425, 426, 427);
    static final Table AARCH64 = new Table("AArch64", 0xC00000B7, false, 198, 29, 217, 218, 219, 425, 426, 427);

    private SeccompFilter() {}

    /** The filter for the machine Rosetta runs on, or empty where there is no table for it. */
    public static Optional<byte[]> forThisMachine() {
        return table(System.getProperty("os.arch", "")).map(SeccompFilter::program);
    }

    static Optional<Table> table(String osArch) {
        return switch (osArch) {
            case "amd64", "x86_64" -> Optional.of(X86_64);
            case "aarch64", "arm64" -> Optional.of(AARCH64);
            default -> Optional.empty();
        };
    }

    /** The program as bwrap reads it: {@code struct sock_filter}s in the machine's byte order. */
    static byte[] program(Table t) {
        List<int[]> p = new ArrayList<>();
        // Jumps count instructions to skip; the labels below are fixed positions from the end.
        p.add(load(ARCH));
        p.add(jump(JEQ_K, t.audit(), 1, 0));
        p.add(ret(EPERM));
        p.add(load(NR));
        if (t.x32Bit()) {
            p.add(jump(JGE_K, 0x40000000, 0, 1));
            p.add(ret(EPERM));
        }
        int[] refusedCalls = {t.addKey(), t.requestKey(), t.keyctl(), t.ioUringSetup(), t.ioUringEnter(),
            t.ioUringRegister()};
        for (int call : refusedCalls) {
            p.add(jump(JEQ_K, call, 0, 1));
            p.add(ret(EPERM));
        }
        // socket: refuse AF_UNIX
        p.add(jump(JEQ_K, t.socket(), 0, 3));
        p.add(load(ARG0));
        p.add(jump(JEQ_K, AF_UNIX, 0, 1));
        p.add(ret(EPERM));
        // ioctl: refuse the keystroke injectors
        p.add(load(NR));
        p.add(jump(JEQ_K, t.ioctl(), 0, 4));
        p.add(load(ARG1));
        p.add(jump(JEQ_K, TIOCSTI, 1, 0));
        p.add(jump(JEQ_K, TIOCLINUX, 0, 1));
        p.add(ret(EPERM));
        p.add(ret(ALLOW));
        ByteBuffer out = ByteBuffer.allocate(p.size() * 8).order(ByteOrder.nativeOrder());
        for (int[] insn : p) {
            out.putShort((short) insn[0]).put((byte) insn[1]).put((byte) insn[2]).putInt(insn[3]);
        }
        return out.array();
    }

    private static int[] load(int offset) {
        return new int[] {LD_W_ABS, 0, 0, offset};
    }

    private static int[] jump(int op, int value, int ifTrue, int ifFalse) {
        return new int[] {op, ifTrue, ifFalse, value};
    }

    private static int[] ret(int value) {
        return new int[] {RET_K, 0, 0, value};
    }
}
