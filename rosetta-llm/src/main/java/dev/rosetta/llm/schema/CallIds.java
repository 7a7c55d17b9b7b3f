package dev.rosetta.llm.schema;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.regex.Pattern;

/**
 * Call ids as each API takes them. A call keeps the id it was made with (the one in the log), but
 * a conversation may carry ids another server made, and the APIs restrict ids differently:
 * Anthropic takes only letters, digits, {@code _} and {@code -} (Kimi's {@code functions.shell:0}
 * is refused with a 400), OpenAI's Chat Completions at most 40 characters (vLLM's {@code
 * chatcmpl-tool-} and 32 hex digits are 46). An id the API would refuse is sent as one made from
 * it alone, so a call and its result pair again in every request, and the next request sends the
 * same one.
 */
public final class CallIds {

    private static final Pattern ANTHROPIC = Pattern.compile("[A-Za-z0-9_-]+");
    private static final int CHAT_COMPLETIONS_LIMIT = 40;

    private CallIds() {}

    /** {@code id} as a {@code tool_use} id of the Messages API. */
    public static String forAnthropic(String id) {
        return id == null || ANTHROPIC.matcher(id).matches() ? id : derived(id);
    }

    /** {@code id} as a {@code tool_calls} id of Chat Completions (and of the servers compatible with it). */
    public static String forChatCompletions(String id) {
        return id == null || (!id.isEmpty() && id.length() <= CHAT_COMPLETIONS_LIMIT) ? id : derived(id);
    }

    /** {@code call_} and 24 hex digits of the id's SHA-256: valid for every API, and the same each time. */
    private static String derived(String id) {
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(id.getBytes(StandardCharsets.UTF_8));
            return "call_" + HexFormat.of().formatHex(hash, 0, 12);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
