package dev.rosetta.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.rosetta.cli.e2e.ScriptedReply.Raw;
import tools.jackson.databind.JsonNode;

/**
 * {@code zai/} and {@code minimax/} through the jar, each answered by the fake provider in its own
 * wire format byte for byte (Z.AI: chunks without {@code object}, {@code reasoning_content},
 * {@code tool_stream} arguments; MiniMax: {@code reasoning_details}, placeholder usage, a closing
 * {@code chat.completion} frame repeating the message): the call runs once, and the next request
 * carries the turn's reasoning back the way each asks for it.
 */
class SeedProvidersIT extends EndToEnd {

    private static final String SSE = "text/event-stream";

    @BeforeEach
    void pointTheSeedsProvidersAtTheFake() throws Exception {
        String v1 = model.baseUrls().get("OPENAI_BASE_URL");
        sandbox.env().put("ZAI_BASE_URL", v1);
        sandbox.env().put("ZAI_API_KEY", "zai-e2eFAKEKEY-0c7d.Qm1x");
        sandbox.env().put("MINIMAX_BASE_URL", v1);
        sandbox.env().put("MINIMAX_API_KEY", "sk-api-e2eFAKEKEYminimax93b1");
        Files.writeString(sandbox.workspace().resolve("seed-marker.txt"), "x\n");
    }

    @Test
    void zaiRunsAStreamedCallAndGivesItsReasoningBack() {
        model.script(new Raw(SSE, zaiCall()), new Raw(SSE, zaiText("The folder holds seed-marker.txt.")));

        Run run = sandbox.rosetta("-n", "-m", "zai/glm-4.7", "--tool-format", "tool", "list the files");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.stdout()).contains("The folder holds seed-marker.txt.");
        List<WireRequest> requests = requestsTo(Api.CHAT_COMPLETIONS);
        assertThat(requests.getFirst().headers()).containsIgnoringCase("authorization: Bearer zai-e2eFAKEKEY-0c7d.Qm1x");
        assertThat(requests.getFirst().body().get("tool_stream").asBoolean()).isTrue();
        JsonNode second = requests.get(1).body().get("messages");
        JsonNode assistant = assistantWithCalls(second);
        assertThat(assistant.get("reasoning_content").stringValue()).isEqualTo("The user wants the files listed.");
        assertThat(requests.get(1).results()).anySatisfy(r -> assertThat(r.output()).contains("seed-marker.txt"));
    }

    @Test
    void miniMaxRunsTheCallOnceAndGivesItsThinkingBackInReasoningDetails() {
        model.script(new Raw(SSE, miniMaxCall()), new Raw(SSE, miniMaxText("The folder holds seed-marker.txt.")));

        Run run = sandbox.rosetta("-n", "-m", "minimax/MiniMax-M2.7", "--tool-format", "tool", "list the files");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        List<WireRequest> requests = requestsTo(Api.CHAT_COMPLETIONS);
        assertThat(requests).as("the closing frame repeats the call; it must not run twice").hasSize(2);
        assertThat(requests.getFirst().body().get("reasoning_split").asBoolean()).isTrue();
        JsonNode assistant = assistantWithCalls(requests.get(1).body().get("messages"));
        assertThat(assistant.get("tool_calls")).hasSize(1);
        assertThat(assistant.get("reasoning_details").get(0).get("text").stringValue())
                .isEqualTo("The user wants the files listed.");
        assertThat(requests.get(1).results()).hasSize(1).allSatisfy(r -> assertThat(r.output()).contains("seed-marker.txt"));
        assertThat(run.stdout()).containsOnlyOnce("The folder holds seed-marker.txt.");
    }

    private static JsonNode assistantWithCalls(JsonNode messages) {
        for (JsonNode m : messages) {
            if (m.path("role").asString("").equals("assistant") && m.has("tool_calls")) {
                return m;
            }
        }
        throw new AssertionError("no assistant turn with calls in " + messages);
    }

    private static String zaiCall() {
        String head = "data: {\"id\":\"20261204231501a6c4b3e2f1d04a27\",\"created\":1796425701,\"model\":\"glm-4.7\","
                + "\"choices\":[{\"index\":0,";
        return head + "\"delta\":{\"role\":\"assistant\",\"reasoning_content\":\"The user wants the files listed.\"}}]}\n\n"
                + head + "\"delta\":{\"role\":\"assistant\",\"tool_calls\":[{\"id\":\"call_-8219547329117414926\","
                + "\"index\":0,\"type\":\"function\",\"function\":{\"name\":\"shell\",\"arguments\":\"\"}}]}}]}\n\n"
                + head + "\"delta\":{\"role\":\"assistant\",\"tool_calls\":[{\"index\":0,\"function\":{\"arguments\":"
                + "\"{\\\"command\\\":\"}}]}}]}\n\n"
                + head + "\"delta\":{\"role\":\"assistant\",\"tool_calls\":[{\"index\":0,\"function\":{\"arguments\":"
                + "\" \\\"ls\\\"}\"}}]}}]}\n\n"
                + head + "\"finish_reason\":\"tool_calls\",\"delta\":{\"role\":\"assistant\",\"content\":\"\"}}],"
                + "\"usage\":{\"prompt_tokens\":412,\"completion_tokens\":38,\"prompt_tokens_details\":{\"cached_tokens\":0},"
                + "\"total_tokens\":450}}\n\ndata: [DONE]\n\n";
    }

    private static String zaiText(String text) {
        String head = "data: {\"id\":\"2026120423160263d1f0a9b8c74e11\",\"created\":1796425763,\"model\":\"glm-4.7\","
                + "\"choices\":[{\"index\":0,";
        return head + "\"delta\":{\"role\":\"assistant\",\"content\":\"" + text + "\"}}]}\n\n"
                + head + "\"finish_reason\":\"stop\",\"delta\":{\"role\":\"assistant\",\"content\":\"\"}}],\"usage\":"
                + "{\"prompt_tokens\":520,\"completion_tokens\":9,\"prompt_tokens_details\":{\"cached_tokens\":384},"
                + "\"total_tokens\":529}}\n\ndata: [DONE]\n\n";
    }

    private static final String MINIMAX_TAIL = "\"created\":1796425802,\"model\":\"MiniMax-M2.7\",\"object\":"
            + "\"chat.completion.chunk\",\"usage\":{\"total_tokens\":0,\"total_characters\":0},\"input_sensitive\":false,"
            + "\"output_sensitive\":false,\"input_sensitive_type\":0,\"output_sensitive_type\":0,\"output_sensitive_int\":0}\n\n";

    private static String miniMaxCall() {
        String head = "data: {\"id\":\"063f1d2a8c5e4b7a9d1e2f3a4b5c6d7e\",\"choices\":[{";
        String call = "{\"id\":\"call_function_4qk2w8x1m3n5_1\",\"type\":\"function\",\"function\":{\"name\":\"shell\","
                + "\"arguments\":\"{\\\"command\\\": \\\"ls\\\"}\"},\"index\":0}";
        return head + "\"index\":0,\"delta\":{\"content\":\"\",\"role\":\"assistant\",\"name\":\"MiniMax AI\","
                + "\"audio_content\":\"\",\"reasoning_details\":[{\"type\":\"reasoning.text\",\"id\":\"reasoning-text-1\","
                + "\"format\":\"MiniMax-response-v1\",\"index\":0,\"text\":\"The user wants the files listed.\"}]}}],"
                + MINIMAX_TAIL
                + head + "\"finish_reason\":\"tool_calls\",\"index\":0,\"delta\":{\"content\":\"\",\"role\":\"\",\"name\":"
                + "\"MiniMax AI\",\"tool_calls\":[" + call + "],\"audio_content\":\"\"}}]," + MINIMAX_TAIL
                + head + "\"finish_reason\":\"tool_calls\",\"index\":0,\"message\":{\"content\":\"\",\"role\":\"assistant\","
                + "\"name\":\"MiniMax AI\",\"tool_calls\":[" + call + "],\"audio_content\":\"\",\"reasoning_details\":[{"
                + "\"type\":\"reasoning.text\",\"id\":\"reasoning-text-1\",\"format\":\"MiniMax-response-v1\",\"index\":0,"
                + "\"text\":\"The user wants the files listed.\"}]}}],\"created\":1796425802,\"model\":\"MiniMax-M2.7\","
                + "\"object\":\"chat.completion\",\"usage\":{\"total_tokens\":1290,\"total_characters\":0,\"prompt_tokens\":"
                + "1244,\"completion_tokens\":46,\"prompt_tokens_details\":{\"cached_tokens\":0}}}\n\ndata: [DONE]\n\n";
    }

    private static String miniMaxText(String text) {
        String head = "data: {\"id\":\"063f1d2a8c5e4b7a9d1e2f3a4b5c6d80\",\"choices\":[{";
        return head + "\"index\":0,\"delta\":{\"content\":\"" + text + "\",\"role\":\"assistant\",\"name\":\"MiniMax AI\","
                + "\"audio_content\":\"\"}}]," + MINIMAX_TAIL
                + head + "\"finish_reason\":\"stop\",\"index\":0,\"message\":{\"content\":\"" + text + "\",\"role\":"
                + "\"assistant\",\"name\":\"MiniMax AI\",\"audio_content\":\"\"}}],\"created\":1796425803,\"model\":"
                + "\"MiniMax-M2.7\",\"object\":\"chat.completion\",\"usage\":{\"total_tokens\":1340,\"total_characters\":0,"
                + "\"prompt_tokens\":1330,\"completion_tokens\":10}}\n\ndata: [DONE]\n\n";
    }
}
