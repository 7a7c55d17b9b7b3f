package dev.rosetta.llm.ollama;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import dev.rosetta.core.json.Json;
import dev.rosetta.core.tool.ToolSpec;
import dev.rosetta.llm.ChatRequest;
import dev.rosetta.llm.Thinking;
import dev.rosetta.llm.openai.ChatHistory;
import dev.rosetta.llm.openai.WireMessage;
import dev.rosetta.llm.openai.WireMessage.AssistantTurn;
import dev.rosetta.llm.openai.WireMessage.SystemText;
import dev.rosetta.llm.openai.WireMessage.ToolOutput;
import dev.rosetta.llm.openai.WireMessage.UserText;
import dev.rosetta.llm.openai.WireMessage.WireCall;
import dev.rosetta.llm.schema.ToolSchemas;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The JSON body of {@code POST /api/chat}. The conversation is paired as Chat Completions pairs it
 * ({@link ChatHistory}: one result per call, right after its turn) and spelled as Ollama takes it:
 * a call's {@code arguments} are an object, a result names its tool ({@code tool_name}) and its
 * call ({@code tool_call_id}), an assistant turn carries back its {@code thinking}. Besides:
 * <ul>
 * <li>{@code options.num_ctx}: the context to run the model with (see {@link OllamaProvider});
 *     without it Ollama uses its small default and silently drops the start of the prompt;</li>
 * <li>{@code options.num_predict}, {@code temperature}, {@code stop};</li>
 * <li>{@code think}: true or false, or the level for gpt-oss, which thinks in levels;</li>
 * <li>{@code keep_alive} when {@code OLLAMA_KEEP_ALIVE} is set for Rosetta.</li>
 * </ul>
 */
final class OllamaRequest {

    private OllamaRequest() {}

    /**
     * @param numCtx    the context to ask for, or null to leave Ollama's
     * @param shown     what /api/show said of the model (whether it thinks, and how)
     * @param keepAlive OLLAMA_KEEP_ALIVE, or null
     */
    static ObjectNode of(ChatRequest request, Integer numCtx, OllamaModels.Shown shown, String keepAlive) {
        Map<String, String> names = request.tools().stream()
                .collect(Collectors.toMap(ToolSpec::name, ToolSchemas::name, (a, b) -> a));
        List<WireMessage> history = WireMessage.forChatTemplates(
                new ChatHistory(t -> names.getOrDefault(t, t), OllamaProvider.REASONING_ORIGIN).convert(request.messages()));
        ObjectNode body = Json.MAPPER.createObjectNode().put("model", request.model());
        body.set("messages", messages(history));
        if (!request.tools().isEmpty()) {
            body.set("tools", tools(request.tools()));
        }
        body.put("stream", request.stream());
        Object think = think(request.thinking(), shown);
        if (think instanceof Boolean b) {
            body.put("think", b);
        } else if (think instanceof String level) {
            body.put("think", level);
        }
        if (keepAlive != null && !keepAlive.isBlank()) {
            body.put("keep_alive", keepAlive.strip());
        }
        ObjectNode options = body.putObject("options");
        if (numCtx != null) {
            options.put("num_ctx", numCtx);
        }
        if (request.maxTokens() != null) {
            options.put("num_predict", request.maxTokens());
        }
        if (request.temperature() != null) {
            options.put("temperature", request.temperature());
        }
        if (!request.stop().isEmpty()) {
            request.stop().forEach(options.putArray("stop")::add);
        }
        return body;
    }

    /**
     * What {@code think} is: absent for the model's default; false for off; the level for gpt-oss
     * (which takes "low", "medium", "high" and cannot stop); else true — and absent when the
     * server says the model does not think, as {@code think: true} would be a 400.
     */
    static Object think(Thinking thinking, OllamaModels.Shown shown) {
        if (thinking == null || OllamaProvider.problem(thinking, shown, "") != null) {
            return null;
        }
        if (thinking.off()) {
            return shown.lacks("thinking") ? null : Boolean.FALSE;
        }
        return shown.thinksInLevels() ? thinking.effort() : Boolean.TRUE;
    }

    private static ArrayNode messages(List<WireMessage> history) {
        ArrayNode out = Json.MAPPER.createArrayNode();
        Map<String, String> toolOfCall = new HashMap<>();
        for (WireMessage m : history) {
            switch (m) {
                case SystemText s -> out.addObject().put("role", "system").put("content", s.text());
                case UserText u -> out.addObject().put("role", "user").put("content", u.text());
                case AssistantTurn a -> out.add(assistant(a, toolOfCall));
                case ToolOutput t -> {
                    ObjectNode result = out.addObject().put("role", "tool").put("content", t.text());
                    String tool = toolOfCall.get(t.callId());
                    if (tool != null) {
                        result.put("tool_name", tool);
                    }
                    result.put("tool_call_id", t.callId());
                }
            }
        }
        return out;
    }

    private static ObjectNode assistant(AssistantTurn turn, Map<String, String> toolOfCall) {
        ObjectNode node = Json.MAPPER.createObjectNode().put("role", "assistant").put("content", turn.text());
        if (turn.reasoning() != null && !turn.reasoning().isEmpty()) {
            node.put("thinking", turn.reasoning());
        }
        if (!turn.calls().isEmpty()) {
            ArrayNode calls = node.putArray("tool_calls");
            for (WireCall call : turn.calls()) {
                toolOfCall.put(call.id(), call.name());
                ObjectNode c = calls.addObject().put("id", call.id());
                c.putObject("function").put("name", call.name()).set("arguments", arguments(call.argumentsJson()));
            }
        }
        return node;
    }

    private static JsonNode arguments(String json) {
        JsonNode node = Json.MAPPER.readTree(json);
        return node != null && node.isObject() ? node : Json.MAPPER.createObjectNode();
    }

    /** Ollama takes OpenAI's function-tool shape; descriptions are not cut (Ollama has no limit). */
    private static ArrayNode tools(List<ToolSpec> specs) {
        ArrayNode tools = Json.MAPPER.createArrayNode();
        for (ToolSpec spec : specs) {
            ObjectNode function = tools.addObject().put("type", "function").putObject("function");
            function.put("name", ToolSchemas.name(spec));
            function.put("description", ToolSchemas.description(spec, Integer.MAX_VALUE, warning -> { }));
            function.set("parameters", Json.MAPPER.valueToTree(ToolSchemas.parameters(spec)));
        }
        return tools;
    }
}
