package dev.rosetta.cli.option;

import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

import dev.rosetta.agent.config.Resolution;
import dev.rosetta.core.RosettaException;
import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.llm.Thinking;
import dev.rosetta.tools.sandbox.SandboxMode;

/**
 * The values options take, checked where the command line is read so that a wrong one is the
 * first and only thing reported. Plain Java, no picocli: the hand readers of the fast start-up
 * path use these too, and picocli's {@link OptionConverters} wrap them, so both readers accept and
 * refuse the same values.
 */
public final class OptionValues {

    private OptionValues() {}

    /** The items of a {@code --tools} value: split at every comma, blanks kept ({@link ToolSelection} skips them). */
    public static List<String> toolItems(String value) {
        return List.of(value.split(",", -1));
    }

    /** {@code markdown}, {@code xml} or {@code tool}, in any case. */
    public static ToolFormat toolFormat(String value) {
        return ToolFormat.of(value);
    }

    /** What {@code --tool-format native} stands for: the model's own dialect, known once the model is. */
    public static final String NATIVE = "native";

    /** A chat's format: one of {@link #toolFormat}'s, or {@code native}; the format's id. */
    public static String chatToolFormat(String value) {
        if (value.strip().equalsIgnoreCase(NATIVE)) {
            return NATIVE;
        }
        if (value.strip().equalsIgnoreCase(Resolution.AUTO)) {
            return Resolution.AUTO;
        }
        try {
            return ToolFormat.of(value).id();
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(e.getMessage() + ", native (the model's own dialect) or auto (its best"
                    + " in eval results)");
        }
    }

    /** {@code off}, {@code low}, {@code medium}, {@code high} or a budget in tokens. */
    public static Thinking thinking(String value) {
        try {
            return Thinking.parse(value, "--thinking");
        } catch (RosettaException e) {
            throw new IllegalArgumentException("'" + value.strip() + "' is not " + Thinking.CHOICES);
        }
    }

    /** {@code auto} or a tool format's name, in any case: what {@code rosetta parse} reads a message as. */
    public static ParseFormat parseFormat(String value) {
        return ParseFormat.of(value);
    }

    /** {@code text} or {@code json}, in any case. */
    public static OutputFormat outputFormat(String value) {
        for (OutputFormat f : OutputFormat.values()) {
            if (f.id().equalsIgnoreCase(value.strip())) {
                return f;
            }
        }
        throw new IllegalArgumentException("unknown output format '" + value + "'; use one of "
                + Arrays.stream(OutputFormat.values()).map(OutputFormat::id).collect(Collectors.joining(", ")));
    }

    /** {@code auto}, {@code on} or {@code off}, in any case. */
    public static SandboxMode sandboxMode(String value) {
        return SandboxMode.parse(value).orElseThrow(() -> new IllegalArgumentException("unknown sandbox mode '" + value
                + "'; use one of auto (sandbox where the machine can), on (never run a tool unsandboxed), off"));
    }

    /** {@code inline} or {@code line}, in any case. */
    public static UiMode uiMode(String value) {
        for (UiMode m : UiMode.values()) {
            if (m.id().equalsIgnoreCase(value.strip())) {
                return m;
            }
        }
        throw new IllegalArgumentException("unknown UI '" + value + "'; use one of "
                + Arrays.stream(UiMode.values()).map(UiMode::id).collect(Collectors.joining(", ")));
    }

    /** {@code code-points} or {@code bytes}, in any case. */
    public static OffsetUnit offsetUnit(String value) {
        for (OffsetUnit u : OffsetUnit.values()) {
            if (u.id().equalsIgnoreCase(value.strip())) {
                return u;
            }
        }
        throw new IllegalArgumentException("unknown offset unit '" + value + "'; use one of "
                + Arrays.stream(OffsetUnit.values()).map(OffsetUnit::id).collect(Collectors.joining(", ")));
    }

    /** The largest count an option takes. */
    static final int MAX_COUNT = 999_999_999;

    /** A whole number from 1 to {@value #MAX_COUNT}, written in decimal digits. */
    public static int atLeastOne(String value) {
        String digits = value.strip();
        if (!digits.matches("[0-9]{1,9}") || Integer.parseInt(digits) < 1) {
            throw new IllegalArgumentException("'" + value + "' is not a whole number from 1 to " + MAX_COUNT);
        }
        return Integer.parseInt(digits);
    }
}
