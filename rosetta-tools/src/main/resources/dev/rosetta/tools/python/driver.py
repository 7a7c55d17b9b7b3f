# Rosetta's Python driver: runs the code Rosetta sends in one persistent interpreter.
#
# Usage: python3 -c "$(cat driver.py)" CAPTURE_FILE ENGINE     (ENGINE: auto | plain)
#
# Protocol: frames (a big-endian field count, then length-prefixed UTF-8 keys and values; see
# dev.rosetta.tools.repl.Frames) on private duplicates of the original stdin and stdout, made
# before anything else runs. Afterwards fd 0 reads /dev/null (input() gets EOF instead of
# hanging) and fds 1 and 2 append to CAPTURE_FILE, so whatever the code prints -- from Python,
# C extensions or child processes -- can never break the framing, and survives a crash.
#
#   Rosetta -> driver   {op: run, code}
#   driver -> Rosetta   {op: ready, engine}                      once, when started
#                       {op: done, [value]}                      the code ran; value = repr of a trailing expression
#                       {op: done, kind, traceback, [errno], [status]}
#                           kind: syntax | oserror (errno: ENOENT, ...) | exit (status) | interrupt | exception
#
# SIGINT (sent by Rosetta on timeout or cancel) raises KeyboardInterrupt only while user code
# runs, so it can never break the driver between calls.

import ast
import builtins
import errno
import inspect
import linecache
import os
import re
import signal
import struct
import sys
import traceback
import types
import warnings

DRIVER_GLOBALS = globals()
DRIVER_PID = os.getpid()
ANSI_COLOUR = re.compile(r"\x1b\[[0-9;]*m")
MAX_VALUE = 1000000  # characters of a value's repr; Rosetta cuts far more anyway
running = False


# ---- frames ---------------------------------------------------------------------------------

def read_exact(stream, size):
    data = b""
    while len(data) < size:
        chunk = stream.read(size - len(data))
        if not chunk:
            raise EOFError
        data += chunk
    return data


def read_text(stream):
    (size,) = struct.unpack(">i", read_exact(stream, 4))
    return read_exact(stream, size).decode("utf-8", "replace")


def read_frame(stream):
    try:
        (count,) = struct.unpack(">i", read_exact(stream, 4))
        fields = {}
        for _ in range(count):
            key = read_text(stream)
            fields[key] = read_text(stream)
        return fields
    except EOFError:
        return None


def write_frame(stream, fields):
    parts = [struct.pack(">i", len(fields))]
    for key, value in fields.items():
        for text in (key, str(value)):
            data = text.encode("utf-8", "backslashreplace")
            parts.append(struct.pack(">i", len(data)))
            parts.append(data)
    stream.write(b"".join(parts))
    stream.flush()


def open_channels(capture_path):
    requests = os.fdopen(os.dup(0), "rb")
    replies = os.fdopen(os.dup(1), "wb")
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    os.close(null)
    out = os.open(capture_path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
    os.dup2(out, 1)
    os.dup2(out, 2)
    os.close(out)
    return requests, replies


# ---- failures -------------------------------------------------------------------------------

def classify(failure):
    """The reply fields that say what kind of failure this was; Rosetta maps them to error codes."""
    if isinstance(failure, SyntaxError):
        return {"kind": "syntax"}
    if isinstance(failure, SystemExit):
        code = failure.code
        status = 0 if code is None else (code & 0xFF if isinstance(code, int) else 1)
        return {"kind": "exit", "status": status}
    if isinstance(failure, KeyboardInterrupt):
        return {"kind": "interrupt"}
    if isinstance(failure, OSError) and isinstance(failure.errno, int):
        return {"kind": "oserror", "errno": errno.errorcode.get(failure.errno, "")}
    return {"kind": "exception"}


def exit_text(failure):
    code = failure.code
    return "SystemExit: %s\n" % ("" if code is None else code)


def trim(failure, hidden, seen=None):
    """Drops the frames of the driver (and of IPython) from a failure and everything chained to it."""
    seen = set() if seen is None else seen
    if failure is None or id(failure) in seen:
        return
    seen.add(id(failure))
    failure.__traceback__ = kept_frames(failure.__traceback__, hidden)
    trim(failure.__cause__, hidden, seen)
    trim(failure.__context__, hidden, seen)
    if isinstance(failure, getattr(builtins, "BaseExceptionGroup", ())):
        for inner in failure.exceptions:
            trim(inner, hidden, seen)


def kept_frames(tb, hidden):
    kept = []
    while tb is not None:
        if not hidden(tb.tb_frame):
            kept.append(tb)
        tb = tb.tb_next
    for before, after in zip(kept, kept[1:]):
        before.tb_next = after
    if kept:
        kept[-1].tb_next = None
    return kept[0] if kept else None


def is_driver(frame):
    return frame.f_globals is DRIVER_GLOBALS


def plain_traceback(failure):
    trim(failure, is_driver)
    return "".join(traceback.format_exception(type(failure), failure, failure.__traceback__))


def capped(text):
    if len(text) <= MAX_VALUE:
        return text
    half = MAX_VALUE // 2
    return text[:half] + "\n[... %d characters of the value left out ...]\n" % (len(text) - 2 * half) + text[-half:]


# ---- engines --------------------------------------------------------------------------------

class PlainEngine:
    """Plain python3: exec the cell, then eval its last statement if it is an expression."""

    def __init__(self):
        self.name = "Python " + sys.version.split()[0]
        self.module = types.ModuleType("__main__")
        self.module.__dict__["__builtins__"] = builtins
        sys.modules["__main__"] = self.module  # so pickle finds classes defined in cells
        self.cells = 0
        self.flags = getattr(ast, "PyCF_ALLOW_TOP_LEVEL_AWAIT", 0)

    def run(self, code):
        """Returns (value text or None, failure or None, traceback text)."""
        self.cells += 1
        filename = "<cell %d>" % self.cells
        linecache.cache[filename] = (len(code), None, code.splitlines(True), filename)
        try:
            tree = compile(code, filename, "exec", ast.PyCF_ONLY_AST | self.flags)
            last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
            namespace = self.module.__dict__
            self.execute(compile(tree, filename, "exec", self.flags), namespace)
            if last is None:
                return None, None, ""
            value = self.execute(compile(ast.Expression(last.value), filename, "eval", self.flags), namespace)
            if value is None:
                return None, None, ""
            namespace["_"] = value
            return capped(repr(value)), None, ""
        except BaseException as failure:  # noqa: B902 -- SystemExit and KeyboardInterrupt are results too
            if isinstance(failure, SystemExit):
                return None, failure, exit_text(failure)
            return None, failure, plain_traceback(failure)

    @staticmethod
    def execute(code, namespace):
        if code.co_flags & inspect.CO_COROUTINE:
            import asyncio
            return asyncio.run(eval(code, namespace))
        return eval(code, namespace)


def use_writable_ipython_dir():
    """In a home that cannot be written (the sandbox's), IPython would warn at every start that it
    falls back to a temporary folder; it is given a private one of its own instead, quietly."""
    folder = os.environ.get("IPYTHONDIR") or os.path.join(os.path.expanduser("~"), ".ipython")
    existing = folder
    while existing and not os.path.exists(existing):
        existing = os.path.dirname(existing)
    if not existing or not os.access(existing, os.W_OK):
        import tempfile
        os.environ["IPYTHONDIR"] = tempfile.mkdtemp(prefix="ipython-")


class IPythonEngine:
    """IPython's InteractiveShell: magics, top-level await, rich reprs; its own printing silenced."""

    def __init__(self):
        use_writable_ipython_dir()
        import IPython
        from IPython.core.interactiveshell import InteractiveShell
        from traitlets.config import Config
        config = Config()
        config.HistoryManager.enabled = False  # no sqlite file in the user's home
        config.InteractiveShell.colors = "NoColor"
        self.shell = InteractiveShell.instance(config=config)
        self.shell.InteractiveTB.set_mode(mode="Plain")
        hook = self.shell.displayhook
        hook.write_output_prompt = lambda: None  # the value goes into the reply, not to stdout
        hook.write_format_data = lambda *args, **kwargs: None
        self.shell._showtraceback = self.keep_traceback
        warnings.filterwarnings("ignore", message="To exit: use", category=UserWarning)
        self.name = "IPython %s (Python %s)" % (IPython.__version__, sys.version.split()[0])
        self.traceback = ""

    def keep_traceback(self, etype, evalue, stb):
        if isinstance(evalue, SystemExit):
            self.traceback = exit_text(evalue)
        elif isinstance(evalue, SyntaxError) or evalue is None:
            self.traceback = self.plain(stb)
        else:
            trim(evalue, self.hidden)
            self.traceback = self.plain(
                self.shell.InteractiveTB.structured_traceback(etype, evalue, evalue.__traceback__, tb_offset=0))

    def plain(self, stb):
        # colours are off by configuration; the pattern catches IPython versions that disagree
        return ANSI_COLOUR.sub("", self.shell.InteractiveTB.stb2text(stb))

    @staticmethod
    def hidden(frame):
        return is_driver(frame) or frame.f_globals.get("__name__", "").startswith("IPython.")

    def run(self, code):
        self.traceback = ""
        result = self.shell.run_cell(code, store_history=True)
        failure = result.error_before_exec or result.error_in_exec
        if failure is not None:
            return None, failure, self.traceback or plain_traceback(failure)
        if result.result is None:
            return None, None, ""
        text = self.shell.display_formatter.format(result.result)[0].get("text/plain")
        return (capped(text) if text is not None else None), None, ""


def make_engine(choice):
    if choice != "plain":
        try:
            return IPythonEngine()
        except ImportError:
            pass
    return PlainEngine()


# ---- main loop ------------------------------------------------------------------------------

def on_sigint(signum, frame):
    if running:
        raise KeyboardInterrupt


def flush_output():
    for stream in (sys.stdout, sys.stderr, sys.__stdout__, sys.__stderr__):
        try:
            stream.flush()
        except Exception:  # the code may have closed or replaced them
            pass


def run(engine, code):
    global running
    running = True
    try:
        value, failure, text = engine.run(code)
    except BaseException as escaped:  # an interrupt that landed in the engine's own code
        value, failure, text = None, escaped, plain_traceback(escaped)
    if os.getpid() != DRIVER_PID:
        os._exit(0)  # a child the code forked came back here: only the driver may answer Rosetta
    running = False
    flush_output()
    if failure is None:
        return {"op": "done"} if value is None else {"op": "done", "value": value}
    reply = {"op": "done", "traceback": text}
    reply.update(classify(failure))
    return reply


def main():
    requests, replies = open_channels(sys.argv[1])
    engine_choice = sys.argv[2] if len(sys.argv) > 2 else "auto"
    sys.argv = [""]
    signal.signal(signal.SIGINT, on_sigint)
    engine = make_engine(engine_choice)
    flush_output()
    os.ftruncate(1, 0)  # start-up chatter is not the first call's output
    write_frame(replies, {"op": "ready", "engine": engine.name})
    while True:
        request = read_frame(requests)
        if request is None:
            return
        write_frame(replies, run(engine, request.get("code", "")))


main()
