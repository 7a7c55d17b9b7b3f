package dev.rosetta.cli;

import java.io.InputStream;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import dev.rosetta.cli.option.OffsetUnit;
import dev.rosetta.cli.option.OptionValues;
import dev.rosetta.cli.option.ParseFormat;
import dev.rosetta.cli.render.TerminalOutput;
import dev.rosetta.core.dialect.ToolFormat;

/**
 * Runs {@code rosetta --version} ({@code -V}) and well-formed {@code rosetta parse …} without building
 * picocli's command model, which alone costs about 100 ms of start-up — three times a whole
 * hello-world JVM. Anything it does not recognise exactly (help, an unknown option, a missing
 * or refused value) goes to picocli, which stays the one place for help texts and usage errors.
 * Values are checked by the {@link OptionValues} picocli's converters use.
 */
final class FastPath {

    private FastPath() {}

    /** The exit code, or null when picocli should handle these arguments. */
    static Integer run(String[] args, InputStream in, TerminalOutput output) {
        if (args.length == 1 && (args[0].equals("--version") || args[0].equals("-V"))) {
            output.out().stream().println(new ManifestVersion().getVersion()[0]);
            return 0;
        }
        if (args.length == 0 || !args[0].equals("parse")) {
            return null;
        }
        Options options = Options.read(Arrays.asList(args).subList(1, args.length));
        if (options == null) {
            return null;
        }
        PrintWriter err = output.errWriter();
        try {
            return options.parse().run(in, output);
        } catch (Exception | StackOverflowError | OutOfMemoryError e) {
            return UnexpectedErrors.report(e, err, options.verbose());
        }
    }

    /** The options of {@code parse}, read by hand; null for anything picocli should judge. */
    private record Options(ParseRun parse, boolean verbose) {

        static Options read(List<String> args) {
            ParseFormat format = ParseFormat.of(ToolFormat.MARKDOWN);
            List<String> tools = null;
            String toolSchemas = null;
            String dialects = null;
            Integer chunk = null;
            OffsetUnit unit = OffsetUnit.CODE_POINTS;
            boolean pretty = false;
            boolean verbose = false;
            String file = null;
            boolean positionalOnly = false;
            for (int i = 0; i < args.size(); i++) {
                String arg = args.get(i);
                String name = arg.contains("=") ? arg.substring(0, arg.indexOf('=')) : arg;
                String inline = arg.contains("=") ? arg.substring(arg.indexOf('=') + 1) : null;
                if (positionalOnly || !arg.startsWith("-") || arg.equals("-")) {
                    if (file != null) {
                        return null;
                    }
                    file = arg;
                    continue;
                }
                switch (name) {
                    case "--" -> positionalOnly = true;
                    case "--pretty" -> pretty = true;
                    case "-v", "--verbose" -> verbose = true;
                    case "--format", "--tools", "--tool-schemas", "--dialects", "--chunk", "--offsets" -> {
                        String value = inline != null ? inline : i + 1 < args.size() ? args.get(++i) : null;
                        if (value == null || value.isEmpty() || value.startsWith("@")
                                || value.startsWith("-") && !name.equals("--tools")) {
                            return null;
                        }
                        try {
                            if (name.equals("--format")) {
                                format = OptionValues.parseFormat(value);
                            } else if (name.equals("--tool-schemas")) {
                                toolSchemas = value;
                            } else if (name.equals("--dialects")) {
                                dialects = value;
                            } else if (name.equals("--offsets")) {
                                unit = OptionValues.offsetUnit(value);
                            } else if (name.equals("--tools")) {
                                tools = tools == null ? new ArrayList<>() : tools;
                                tools.addAll(OptionValues.toolItems(value));
                            } else {
                                chunk = OptionValues.atLeastOne(value);
                            }
                        } catch (IllegalArgumentException e) {
                            return null; // picocli reports it
                        }
                    }
                    default -> {
                        return null;
                    }
                }
                if (inline != null && (name.equals("--pretty") || name.equals("-v") || name.equals("--verbose"))) {
                    return null;
                }
            }
            return new Options(new ParseRun(format, tools, toolSchemas, dialects, chunk, pretty, file, unit), verbose);
        }
    }
}
