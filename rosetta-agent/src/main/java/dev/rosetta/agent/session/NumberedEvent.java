package dev.rosetta.agent.session;

/**
 * A session event and its number: numbers rise by one per event of the session, so a front end
 * that saw up to {@code seq} resumes with {@link SessionHost#subscribe(long, java.util.function.Consumer)}.
 */
public record NumberedEvent(long seq, SessionEvent event) {}
