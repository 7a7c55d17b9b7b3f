package dev.rosetta.llm.openai;

import dev.rosetta.llm.ModelTraits;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Collectors;

import dev.rosetta.core.json.Json;
import dev.rosetta.core.tool.ToolSpec;
import dev.rosetta.llm.ChatRequest;
import dev.rosetta.llm.schema.ToolSchemas;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The JSON body of one {@code POST /chat/completions}. Besides the messages and tools it sets:
 * <ul>
 * <li>{@code stream_options.include_usage} when streaming, so the last chunk reports usage, and
 *     {@code tool_stream} for a server that sends calls whole without it ({@link ServerProfile});</li>
 * <li>{@code reasoning_split} for a server that writes thinking into the content without it;</li>
 * <li>{@code parallel_tool_calls} only when tools are sent (the API rejects it otherwise), true
 *     only for models recorded as making parallel calls;</li>
 * <li>the output limit under the field the server knows ({@link ServerProfile#maxTokensField});</li>
 * <li>the thinking level as the server takes it ({@link ReasoningFields});</li>
 * <li>for reasoning models, no {@code temperature} or {@code stop}: OpenAI's reasoning models
 *     reject both, and the drop is reported.</li>
 * </ul>
 */
final class ChatCompletionsBody {

    private final ServerProfile profile;
    private final ModelTraits traits;

    ChatCompletionsBody(ServerProfile profile, ModelTraits traits) {
        this.profile = profile;
        this.traits = traits;
    }

    /** The body as JSON text; {@code notices} hears what was cut or left out. */
    String write(ChatRequest request, Consumer<String> notices) {
        ObjectNode body = Json.MAPPER.createObjectNode().put("model", request.model());
        body.set("messages", MessagesJson.write(history(request).convert(request.messages()), profile));
        if (!request.tools().isEmpty()) {
            body.set("tools", ToolDefinitions.write(request.tools(), traits.strictTools(), notices));
            body.put("parallel_tool_calls", traits.parallelToolCalls());
        }
        body.put("stream", request.stream());
        if (request.stream()) {
            body.putObject("stream_options").put("include_usage", true);
            if (profile.streamsToolArguments() && !request.tools().isEmpty()) {
                body.put("tool_stream", true);
            }
        }
        if (profile.splitsReasoning()) {
            body.put("reasoning_split", true);
        }
        if (request.maxTokens() != null) {
            body.put(profile.maxTokensField(), request.maxTokens());
        }
        sampling(request, body, notices);
        body.setAll(ReasoningFields.of(profile, traits, request.model(), request.thinking()).fields());
        return Json.write(body);
    }

    private void sampling(ChatRequest request, ObjectNode body, Consumer<String> notices) {
        if (request.temperature() != null) {
            if (traits.reasoning()) {
                notices.accept("temperature is not sent: " + request.model() + " is a reasoning model");
            } else {
                body.put("temperature", request.temperature());
            }
        }
        if (!request.stop().isEmpty()) {
            if (traits.reasoning()) {
                notices.accept("stop sequences are not sent: " + request.model() + " is a reasoning model");
            } else {
                ArrayNode stop = body.putArray("stop");
                request.stop().forEach(stop::add);
            }
        }
    }

    /** Native names come from the request's tools; a call of a tool no longer offered keeps its own name. */
    private static ChatHistory history(ChatRequest request) {
        Map<String, String> names = request.tools().stream()
                .collect(Collectors.toMap(ToolSpec::name, ToolSchemas::name, (a, b) -> a));
        return new ChatHistory(t -> names.getOrDefault(t, ToolSpec.nativeName(t)));
    }
}
