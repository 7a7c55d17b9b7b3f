package dev.rosetta.core.tool;

import java.util.List;
import java.util.Map;

/**
 * The declarations of Rosetta's built-in tools. Only what the model sees and what the readers
 * need lives here; the implementations are in {@code rosetta-tools}.
 */
public final class BuiltinTools {

    private BuiltinTools() {}

    public static final ToolSpec SHELL = new ToolSpec(
            "shell",
            "Runs commands in a persistent bash session: the working directory, exported variables"
                    + " and functions carry over from one call to the next.",
            """
            The whole text runs as one bash script, so multi-line scripts, heredocs and && chains work. \
            You get stdout and stderr as a terminal would show them, and the exit code when it is not 0. \
            Commands that read stdin get end-of-file: don't start interactive programs (editors, pagers, \
            REPLs); pass flags such as --yes or pipe the input in. Long output is cut in the middle and \
            saved whole to a file named in the result. A command still running after the time limit \
            (20 minutes unless configured) is stopped; the session stays usable. Output of background \
            jobs arrives with the next call. After `exit` the next call starts a fresh shell.""",
            List.of(Parameter.body("command", "the bash commands to run", true)),
            List.of("shell"),
            List.of("bash", "sh", "zsh", "console", "terminal"),
            List.of(
                    new Example("list the files in the current folder", "I'll list them:",
                            use("shell", "ls -la"), "total 8\n-rw-r--r-- 1 me me 42 README.md"),
                    new Example("make a build folder and go there", "",
                            use("shell", "mkdir -p build && cd build\npwd"), "/home/me/project/build")));

    public static final ToolSpec IPYTHON = new ToolSpec(
            "ipython",
            "Runs Python code in a persistent interpreter (IPython when installed): variables,"
                    + " imports and functions carry over from one call to the next.",
            """
            You get what the code prints and the value of its last expression; an exception comes back \
            as an error with its traceback. input() gets end-of-file. Use it for calculations, data work \
            and quick experiments; install packages with the shell tool (pip). Code still running after \
            the time limit is interrupted; if the interpreter dies, the next call starts a fresh one.""",
            List.of(Parameter.body("code", "the Python code to run", true)),
            List.of("ipython", "py"),
            List.of("python", "python3"),
            List.of(new Example("what is 2 to the power of 100?", "",
                    use("ipython", "2 ** 100"), "1267650600228229401496703205376")));

    public static final ToolSpec JSHELL = new ToolSpec(
            "jshell",
            "Runs Java snippets in a persistent JShell session: imports, variables, methods and"
                    + " classes carry over from one call to the next.",
            """
            Write statements, expressions and declarations as you would type them into jshell; jshell's \
            default imports (java.util.*, java.io.*, java.nio.file.*, …) are there, and /vars, /methods, \
            /types, /imports and /list work. The values of expressions are shown; compile errors and \
            exceptions come back as errors. System.exit ends the session; the next call starts a fresh one.""",
            List.of(Parameter.body("code", "the Java snippets to run", true)),
            List.of("jshell"),
            List.of(),
            List.of(new Example("how many days are there between 2024-01-01 and 2024-12-25?", "",
                    use("jshell", """
                            import java.time.*;
                            java.time.temporal.ChronoUnit.DAYS.between(LocalDate.of(2024, 1, 1), LocalDate.of(2024, 12, 25))"""),
                    "$2 ==> 359")));

    public static final ToolSpec SAVE = new ToolSpec(
            "save",
            "Writes a file with the content given, replacing what was there and creating missing folders.",
            """
            The content is the file's complete new text. Never leave placeholders such as \
            "# ... rest of the code ..." in it: the tool refuses them. To change part of a large file, \
            use patch.""",
            List.of(Parameter.argument("path", "the file to write"),
                    Parameter.body("content", "the file's complete content", true)),
            List.of("save"),
            List.of(),
            List.of(new Example("write a hello world script", "",
                    pathUse("save", "hello.py", "print(\"Hello, world!\")"), "Saved hello.py (1 line, created)")));

    public static final ToolSpec APPEND = new ToolSpec(
            "append",
            "Adds text to the end of a file, creating the file and missing folders if needed.",
            "The content is added as it is; the file gets a line break before it if it lacked one.",
            List.of(Parameter.argument("path", "the file to add to"),
                    Parameter.body("content", "the text to add at the end", true)),
            List.of("append"),
            List.of(),
            List.of(new Example("add a TODO to notes.md", "",
                    pathUse("append", "notes.md", "- [ ] write the release notes"), "Appended 1 line to notes.md (created)")));

    public static final ToolSpec PATCH = new ToolSpec(
            "patch",
            "Changes part of a file: each hunk replaces original lines, copied exactly, with updated ones.",
            """
            The patch holds one or more hunks, each made of a line \
            <<<<<<< ORIGINAL, the lines exactly as they are in the file now, a line =======, the lines to \
            put in their place, and a line >>>>>>> UPDATED. The marker lines stand alone. Include just enough \
            context to match one place; keep hunks small. Either all hunks apply or none does.""",
            List.of(Parameter.argument("path", "the file to change"),
                    Parameter.body("patch", "one or more ORIGINAL/UPDATED hunks", true)),
            List.of("patch"),
            List.of(),
            List.of(new Example("greet the world in hello.py instead", "",
                    pathUse("patch", "hello.py", """
                            <<<<<<< ORIGINAL
                            print("Hello, world!")
                            =======
                            print("Hello, everyone!")
                            >>>>>>> UPDATED"""),
                    "Patched hello.py: 1 hunk, +1 -1 lines")));

    public static final ToolSpec READ = new ToolSpec(
            "read",
            "Shows a file with line numbers, or lists the entries of a folder.",
            """
            For part of a long file, give a line range such as 120-180, or 120- to read from line 120 \
            to the end.""",
            List.of(Parameter.argument("path", "the file or folder to read"),
                    Parameter.body("lines", "an optional line range such as 120-180", false)),
            List.of("read"),
            List.of(),
            List.of(new Example("show me the first lines of hello.py", "",
                    pathUse("read", "hello.py", "1-20"), "1\tprint(\"Hello, everyone!\")")));

    /** Every built-in tool, in the order the prompt lists them. */
    public static final List<ToolSpec> ALL = List.of(SHELL, IPYTHON, JSHELL, SAVE, APPEND, PATCH, READ);

    public static ToolCatalog catalog() {
        return ToolCatalog.of(ALL);
    }

    private static ToolUse use(String tool, String body) {
        return ToolUse.positional(tool, List.of(), body);
    }

    private static ToolUse pathUse(String tool, String path, String body) {
        return new ToolUse(tool, List.of(path), body, Map.of(), null);
    }
}
