package dev.rosetta.llm.anthropic;

import java.util.List;

import dev.rosetta.core.json.Json;
import dev.rosetta.core.tool.ToolSpec;
import dev.rosetta.llm.ChatRequest;
import dev.rosetta.llm.ModelTraits;
import dev.rosetta.llm.Thinking;
import dev.rosetta.llm.schema.ToolSchemas;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** The JSON body of {@code POST /v1/messages} for a request. */
final class RequestBody {

    /**
     * The API requires {@code max_tokens}. Without one in the request we ask for this many, which
     * every current Claude model allows; the model registry will supply each model's own limit.
     */
    static final int DEFAULT_MAX_TOKENS = 8192;

    /** The API's smallest thinking budget. */
    static final int MIN_THINKING_BUDGET = 1024;

    private RequestBody() {}

    /**
     * @param traits whether the model may call tools in parallel decides whether it is asked for one
     *               call a reply; whether it thinks adaptively, how thinking is asked for
     */
    static ObjectNode of(ChatRequest request, ModelTraits traits) {
        ObjectNode thinking = thinking(request.thinking(), traits);
        Integer budget = thinking != null && thinking.has("budget_tokens") ? thinking.get("budget_tokens").asInt() : null;
        WireConversation conversation = WireConversation.of(request.messages(), request.tools());
        ObjectNode body = Json.MAPPER.createObjectNode().put("model", request.model())
                .put("max_tokens", maxTokens(request.maxTokens(), budget));
        if (!conversation.system().isEmpty()) {
            body.set("system", conversation.system());
        }
        body.set("messages", conversation.messages());
        if (!request.tools().isEmpty()) {
            body.set("tools", tools(request.tools()));
            if (!traits.parallelToolCalls()) {
                // As the OpenAI adapters send parallel_tool_calls: false: the reply can then stop at its first call.
                body.putObject("tool_choice").put("type", "auto").put("disable_parallel_tool_use", true);
            }
        }
        if (thinking != null) {
            body.set("thinking", thinking);
            if (thinking.path("type").asString("").equals("adaptive")) {
                body.putObject("output_config").put("effort", request.thinking().effort());
            }
        } else if (request.temperature() != null) {
            // With thinking on, the API rejects any temperature: it is only sent without.
            body.put("temperature", request.temperature());
        }
        if (!request.stop().isEmpty()) {
            request.stop().forEach(body.putArray("stop_sequences")::add);
        }
        return body.put("stream", request.stream());
    }

    /**
     * The {@code thinking} object, or null for none: a level on a model whose docs ask for
     * adaptive thinking is {@code {type: adaptive}} with the level as its effort; a budget, or any
     * level on the other models, is {@code {type: enabled, budget_tokens}} (at least the API's
     * 1024); off, a model recorded as not thinking, and no level at all send nothing.
     */
    static ObjectNode thinking(Thinking level, ModelTraits traits) {
        if (problem(level, traits, "") != null || level == null || level.off()) {
            return null;
        }
        ObjectNode thinking = Json.MAPPER.createObjectNode();
        if (traits.adaptiveThinking() && !level.isBudget()) {
            return thinking.put("type", "adaptive");
        }
        return thinking.put("type", "enabled").put("budget_tokens", Math.max(MIN_THINKING_BUDGET, level.tokens()));
    }

    /** Why {@code level} is not sent to {@code model}, or null. */
    static String problem(Thinking level, ModelTraits traits, String model) {
        if (level != null && !level.off() && traits.cannotThink()) {
            return model + " does not think; thinking " + level + " is not sent";
        }
        return null;
    }

    /**
     * The thinking budget is spent out of max_tokens, which must exceed it: when it would not,
     * the answer gets the default room on top of the budget.
     */
    static int maxTokens(Integer requested, Integer budget) {
        int max = requested == null ? DEFAULT_MAX_TOKENS : requested;
        return budget != null && max <= budget ? budget + DEFAULT_MAX_TOKENS : max;
    }

    /** Tool definitions, no description cut short; the last one ends the cached prefix. */
    private static ArrayNode tools(List<ToolSpec> specs) {
        ArrayNode tools = Json.MAPPER.createArrayNode();
        for (ToolSpec spec : specs) {
            ObjectNode tool = tools.addObject().put("name", ToolSchemas.name(spec));
            String description = ToolSchemas.description(spec, Integer.MAX_VALUE, warning -> { });
            if (!description.isBlank()) {
                tool.put("description", description);
            }
            tool.set("input_schema", Json.MAPPER.valueToTree(ToolSchemas.parameters(spec)));
        }
        Blocks.cacheHere((ObjectNode) tools.get(tools.size() - 1));
        return tools;
    }
}
