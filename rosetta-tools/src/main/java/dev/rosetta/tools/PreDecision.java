package dev.rosetta.tools;

/**
 * What was decided about a call before the permission rules are asked (by a PreToolUse hook):
 * nothing; approved, so it runs without a question unless a rule asks or denies; or to be asked
 * about even where calls otherwise run unasked ({@code -y}, a trusted server).
 */
public sealed interface PreDecision {

    /** Nothing was decided: the rules and the confirmation decide, as always. */
    PreDecision NONE = new None();

    record None() implements PreDecision {}

    /** @param by who approved it, for the record */
    record Approved(String by) implements PreDecision {}

    /** @param why what the user is told along with the question */
    record MustAsk(String why) implements PreDecision {}
}
