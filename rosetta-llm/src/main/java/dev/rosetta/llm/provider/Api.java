package dev.rosetta.llm.provider;

/** The wire protocol a provider speaks. */
public enum Api {
    /** OpenAI's /chat/completions, and every server compatible with it. */
    OPENAI_CHAT,
    /** Anthropic's /messages. */
    ANTHROPIC,
    /** Ollama's own /api/chat (NDJSON streams, native tools, thinking, num_ctx). */
    OLLAMA
}
