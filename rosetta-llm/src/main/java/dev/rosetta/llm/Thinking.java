package dev.rosetta.llm;

import java.util.Locale;
import java.util.Objects;

import dev.rosetta.core.RosettaException;

/**
 * How hard a model is asked to think: a level ({@code off}, {@code low}, {@code medium},
 * {@code high}) or a budget in tokens. Each API takes one of the two, so each converts: a level
 * has a budget ({@link #tokens()}) and a budget has a level ({@link #effort()}). A request without
 * one leaves the model at its own default.
 *
 * @param level        the level asked for, or the one a budget falls in
 * @param budgetTokens the budget asked for, or null when a level was
 */
public record Thinking(Level level, Integer budgetTokens) {

    public enum Level { OFF, LOW, MEDIUM, HIGH }

    public static final Thinking OFF = new Thinking(Level.OFF, null);
    public static final Thinking LOW = new Thinking(Level.LOW, null);
    public static final Thinking MEDIUM = new Thinking(Level.MEDIUM, null);
    public static final Thinking HIGH = new Thinking(Level.HIGH, null);

    /** What users may write: {@code --thinking}, {@code [models] thinking}, {@code /think}. */
    public static final String CHOICES = "off, low, medium, high, or a budget in tokens (e.g. 4096)";

    /** The budgets of the levels, for APIs that take tokens; each level's effort maps back to it. */
    static final int LOW_TOKENS = ModelTraits.LOW_UP_TO;
    static final int MEDIUM_TOKENS = ModelTraits.MEDIUM_UP_TO;
    static final int HIGH_TOKENS = 24_576;

    /** The largest budget taken: more than any model's output limit. */
    static final int MAX_BUDGET = 1_000_000;

    public Thinking {
        Objects.requireNonNull(level, "level");
        if (budgetTokens != null && (budgetTokens <= 0 || level == Level.OFF)) {
            throw new IllegalArgumentException("a budget is a positive number of tokens, got " + budgetTokens);
        }
    }

    /** A budget of {@code tokens}; 0 is off. */
    public static Thinking budget(int tokens) {
        if (tokens <= 0) {
            return OFF;
        }
        Level level = switch (ModelTraits.reasoningEffort(tokens)) {
            case "low" -> Level.LOW;
            case "medium" -> Level.MEDIUM;
            default -> Level.HIGH;
        };
        return new Thinking(level, tokens);
    }

    /**
     * {@code text} as a level or a budget, without regard to case.
     *
     * @throws RosettaException naming {@code source} and the values taken
     */
    public static Thinking parse(String text, String source) {
        String t = text == null ? "" : text.strip().toLowerCase(Locale.ROOT);
        switch (t) {
            case "off", "none", "0" -> {
                return OFF;
            }
            case "low" -> {
                return LOW;
            }
            case "medium" -> {
                return MEDIUM;
            }
            case "high" -> {
                return HIGH;
            }
            default -> { }
        }
        if (t.matches("[0-9]{1,7}") && Integer.parseInt(t) <= MAX_BUDGET) {
            return budget(Integer.parseInt(t));
        }
        throw new RosettaException(source + ": thinking must be " + CHOICES + ", not '" + text.strip() + "'");
    }

    public boolean off() {
        return level == Level.OFF;
    }

    /** Whether a budget was asked for rather than a level. */
    public boolean isBudget() {
        return budgetTokens != null;
    }

    /** Tokens to think with, for APIs that take a budget: the one asked for, or the level's; 0 when off. */
    public int tokens() {
        if (budgetTokens != null) {
            return budgetTokens;
        }
        return switch (level) {
            case OFF -> 0;
            case LOW -> LOW_TOKENS;
            case MEDIUM -> MEDIUM_TOKENS;
            case HIGH -> HIGH_TOKENS;
        };
    }

    /** The effort for APIs that take one: low, medium or high (off has none: ask {@link #off()} first). */
    public String effort() {
        return level.name().toLowerCase(Locale.ROOT);
    }

    /** As the user wrote it: "high", "4096 tokens", "off". */
    @Override
    public String toString() {
        return budgetTokens != null ? budgetTokens + " tokens" : effort();
    }
}
