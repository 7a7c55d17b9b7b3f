package dev.rosetta.cli.e2e;

/**
 * A tool result as it reached the model: the id of the call it answers, its text, and whether
 * the API was told it failed (only Anthropic's {@code is_error} carries that; the OpenAI APIs
 * have no such field, so there it is always false).
 */
record WireResult(String callId, String output, boolean isError) {}
