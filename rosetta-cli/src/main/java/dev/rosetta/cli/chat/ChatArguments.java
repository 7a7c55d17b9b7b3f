package dev.rosetta.cli.chat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import dev.rosetta.cli.option.OptionValues;

/**
 * Reads a well-formed chat command line ({@code rosetta -m sonnet "fix the tests"}) by hand.
 * picocli builds its command model by reflection from classes compiled for Java 5, which no
 * class archive can hold, and that costs about 100 ms before the prompt appears — a quarter of
 * a chat's start (its programmatic model still costs about 55 ms). Anything this does not
 * recognise exactly (help, a subcommand, an unknown or clustered option, a missing or refused
 * value, an {@code @file}) returns null and goes to picocli, which stays the one place for help
 * texts and usage errors. Values are checked by the same {@link OptionValues} picocli's converters
 * use. Tests derive their command lines from picocli's model of {@link ChatOptions}: every option
 * there must be read here, and read as picocli reads it.
 */
public final class ChatArguments {

    /** Words picocli reads as subcommands wherever they stand before {@code --} (a test holds this to picocli's). */
    static final Set<String> COMMANDS = Set.of("parse", "models", "logs", "mcp", "eval", "acp", "serve", "sandbox", "help");

    /**
     * What the command line asks for.
     *
     * @param options the chat's options
     * @param verbose whether {@code -v/--verbose} was given
     */
    public record Read(ChatOptions options, boolean verbose) {}

    private ChatArguments() {}

    /** The options, or null when picocli should judge these arguments. */
    public static Read read(List<String> args) {
        ChatOptions o = new ChatOptions();
        boolean verbose = false;
        boolean positionalOnly = false;
        Set<String> given = new HashSet<>();
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            if (positionalOnly) {
                o.prompt.add(arg);
                continue;
            }
            if (arg.equals("--")) {
                positionalOnly = true;
                continue;
            }
            if (arg.startsWith("@") || COMMANDS.contains(arg)) {
                return null;
            }
            if (!arg.startsWith("-") || arg.equals("-")) {
                o.prompt.add(arg);
                continue;
            }
            int eq = arg.indexOf('=');
            String name = eq > 0 && arg.startsWith("--") ? arg.substring(0, eq) : arg;
            String inline = eq > 0 && arg.startsWith("--") ? arg.substring(eq + 1) : null;
            // picocli refuses a single-valued option given twice; it says so better than silently taking one.
            if ((isFlag(name) || takesValue(name)) && !repeatable(name) && !given.add(canonical(name))) {
                return null;
            }
            if (isFlag(name)) {
                if (inline != null) {
                    return null;
                }
                verbose |= name.equals("-v") || name.equals("--verbose");
                setFlag(o, name);
                continue;
            }
            if (!takesValue(name)) {
                return null;
            }
            String value = inline != null ? inline : i + 1 < args.size() ? args.get(++i) : null;
            // picocli reads "-m -y" as a missing value; --tools takes any next word (-t -read).
            if (value == null || value.isEmpty() || value.startsWith("@")
                    || value.startsWith("-") && !takesAnyWord(name) || !setValue(o, name, value)) {
                return null;
            }
        }
        return new Read(o, verbose);
    }

    /** One name per option: its long one ({@code --stream} and {@code --no-stream} are one option). */
    private static String canonical(String name) {
        return switch (name) {
            case "-y" -> "--no-confirm";
            case "-n" -> "--non-interactive";
            case "-r" -> "--resume";
            case "-v" -> "--verbose";
            case "-m" -> "--model";
            case "-w" -> "--workspace";
            case "-t" -> "--tools";
            case "--no-stream" -> "--stream";
            default -> name;
        };
    }

    private static boolean isFlag(String name) {
        return switch (name) {
            case "-y", "--no-confirm", "-n", "--non-interactive", "-r", "--resume", "--stream", "--no-stream",
                    "--confine", "--serve", "-v", "--verbose" -> true;
            default -> false;
        };
    }

    private static void setFlag(ChatOptions o, String name) {
        switch (name) {
            case "-y", "--no-confirm" -> o.noConfirm = true;
            case "-n", "--non-interactive" -> o.nonInteractive = true;
            case "-r", "--resume" -> o.resume = true;
            case "--stream" -> o.stream = true;
            case "--no-stream" -> o.stream = false;
            case "--confine" -> o.confine = true;
            case "--serve" -> o.serve = true;
            default -> { } // -v is Main's
        }
    }

    private static boolean takesValue(String name) {
        return switch (name) {
            case "-m", "--model", "--tool-format", "--name", "-w", "--workspace", "-t", "--tools", "--output-format",
                    "--max-steps", "--thinking", "--mcp", "--ui", "--sandbox" -> true;
            default -> false;
        };
    }

    /** Options whose values add up ({@code -t shell -t save} is {@code -t shell,save}). */
    private static boolean repeatable(String name) {
        return name.equals("-t") || name.equals("--tools") || name.equals("--mcp");
    }

    /** Options whose value is the next word, even one that starts with '-' ({@code OptionConverters.ToolItems}). */
    private static boolean takesAnyWord(String name) {
        return name.equals("-t") || name.equals("--tools");
    }

    /** False when the value is one picocli would refuse or convert differently. */
    private static boolean setValue(ChatOptions o, String name, String value) {
        try {
            switch (name) {
                case "-m", "--model" -> o.model = value;
                case "--tool-format" -> o.toolFormat = OptionValues.chatToolFormat(value);
                case "--thinking" -> o.thinking = OptionValues.thinking(value);
                case "--name" -> o.name = value;
                case "-w", "--workspace" -> o.workspace = value;
                case "-t", "--tools" -> {
                    return addTools(o, value);
                }
                case "--output-format" -> o.outputFormat = OptionValues.outputFormat(value);
                case "--max-steps" -> o.maxSteps = OptionValues.atLeastOne(value);
                case "--ui" -> o.ui = OptionValues.uiMode(value);
                case "--sandbox" -> o.sandbox = OptionValues.sandboxMode(value);
                case "--mcp" -> o.mcp.add(value);
                default -> {
                    return false;
                }
            }
        } catch (IllegalArgumentException e) {
            return false; // picocli reports it
        }
        return true;
    }

    private static boolean addTools(ChatOptions o, String value) {
        if (o.tools == null) {
            o.tools = new ArrayList<>();
        }
        o.tools.addAll(OptionValues.toolItems(value));
        return true;
    }
}
