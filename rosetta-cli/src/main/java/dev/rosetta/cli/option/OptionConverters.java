package dev.rosetta.cli.option;

import java.util.ArrayList;
import java.util.List;
import java.util.Stack;
import java.util.function.Function;

import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.llm.Thinking;

import dev.rosetta.tools.sandbox.SandboxMode;

import picocli.CommandLine.IParameterConsumer;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.MissingParameterException;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.TypeConversionException;

/**
 * {@link OptionValues} as picocli converters. picocli reports a refused value as one line,
 * {@code Invalid value for option '--output-format': unknown output format 'yaml'; use one of text, json},
 * before anything runs.
 */
public final class OptionConverters {

    private OptionConverters() {}

    private abstract static class Checked<T> implements ITypeConverter<T> {
        private final Function<String, T> read;

        Checked(Function<String, T> read) {
            this.read = read;
        }

        @Override
        public T convert(String value) {
            try {
                return read.apply(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }

    /** {@link OptionValues#toolFormat}. */
    public static final class ToolFormatValue extends Checked<ToolFormat> {
        public ToolFormatValue() {
            super(OptionValues::toolFormat);
        }
    }

    /** {@link OptionValues#chatToolFormat}. */
    public static final class ChatToolFormatValue extends Checked<String> {
        public ChatToolFormatValue() {
            super(OptionValues::chatToolFormat);
        }
    }

    /** {@link OptionValues#thinking}. */
    public static final class ThinkingValue extends Checked<Thinking> {
        public ThinkingValue() {
            super(OptionValues::thinking);
        }
    }

    /** {@link OptionValues#parseFormat}. */
    public static final class ParseFormatValue extends Checked<ParseFormat> {
        public ParseFormatValue() {
            super(OptionValues::parseFormat);
        }
    }

    /** {@link OptionValues#outputFormat}. */
    public static final class OutputFormatValue extends Checked<OutputFormat> {
        public OutputFormatValue() {
            super(OptionValues::outputFormat);
        }
    }

    /** {@link OptionValues#uiMode}. */
    public static final class UiModeValue extends Checked<UiMode> {
        public UiModeValue() {
            super(OptionValues::uiMode);
        }
    }

    /** {@link OptionValues#sandboxMode}. */
    public static final class SandboxModeValue extends Checked<SandboxMode> {
        public SandboxModeValue() {
            super(OptionValues::sandboxMode);
        }
    }

    /** {@link OptionValues#offsetUnit}. */
    public static final class OffsetUnitValue extends Checked<OffsetUnit> {
        public OffsetUnitValue() {
            super(OptionValues::offsetUnit);
        }
    }

    /** {@link OptionValues#atLeastOne}. */
    public static final class AtLeastOne extends Checked<Integer> {
        public AtLeastOne() {
            super(OptionValues::atLeastOne);
        }
    }

    /**
     * Reads {@code --tools}: the next word whatever it starts with, split at commas. picocli would
     * refuse {@code -t -read} because {@code -r} is an option; removing a tool must not depend on
     * which letters its name starts with.
     */
    public static final class ToolItems implements IParameterConsumer {
        @Override
        public void consumeParameters(Stack<String> args, ArgSpec argSpec, CommandSpec commandSpec) {
            if (args.isEmpty()) {
                throw new MissingParameterException(commandSpec.commandLine(), argSpec,
                        "Missing required parameter for option '" + ((OptionSpec) argSpec).longestName() + "' ("
                                + argSpec.paramLabel() + ")");
            }
            List<String> items = argSpec.getValue() == null ? new ArrayList<>() : new ArrayList<>(argSpec.<List<String>>getValue());
            items.addAll(OptionValues.toolItems(args.pop()));
            argSpec.setValue(items);
        }
    }
}
