package dev.rosetta.agent.session;

import dev.rosetta.llm.Thinking;

/**
 * What a status line shows of a session.
 *
 * @param conversation the conversation's id (its name)
 * @param model        the model's name
 * @param format       the tool format's id
 * @param window       the context window, in tokens
 * @param thinking     the thinking level set, or null for the model's default
 */
public record SessionStatus(String conversation, String model, String format, long window, Thinking thinking) {}
