package dev.rosetta.agent.chat;

/** A request the run's limits do not let out ({@link RunTally}): how the turn ends instead. */
final class LimitReached extends RuntimeException {

    private final transient TurnOutcome outcome;

    LimitReached(TurnOutcome outcome) {
        super(outcome.message(), null, false, false);
        this.outcome = outcome;
    }

    TurnOutcome outcome() {
        return outcome;
    }
}
