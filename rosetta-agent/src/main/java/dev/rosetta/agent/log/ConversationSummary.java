package dev.rosetta.agent.log;

import java.time.Instant;

/**
 * One past conversation, as {@code rosetta logs} lists it.
 *
 * @param id           the folder's name
 * @param name         the name in its config.toml, or null
 * @param lastModified when its log was last written
 * @param messages     how many messages it shows (undone ones not counted)
 * @param preview      the start of its first user message, on one line, or "" when it has none
 */
public record ConversationSummary(String id, String name, Instant lastModified, int messages, String preview) {}
