package dev.rosetta.llm.anthropic;

import java.util.List;
import java.util.Locale;

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
                .put("max_tokens", maxTokens(request.maxTokens(), budget, traits.maxOutputTokens()));
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
     * 1024, at most what the model's output limit leaves room for); off, a model recorded as not
     * thinking, and no level at all send nothing.
     */
    static ObjectNode thinking(Thinking level, ModelTraits traits) {
        if (level == null || level.off() || traits.cannotThink()) {
            return null;
        }
        ObjectNode thinking = Json.MAPPER.createObjectNode();
        if (traits.adaptiveThinking() && !level.isBudget()) {
            return thinking.put("type", "adaptive");
        }
        int budget = Math.max(MIN_THINKING_BUDGET, level.tokens());
        Integer most = mostBudget(traits);
        return thinking.put("type", "enabled").put("budget_tokens", most == null ? budget : Math.min(budget, most));
    }

    /**
     * The largest budget the model's output limit leaves room for, with room for the answer
     * after it (the default, or half the limit when that is less); null when no limit is recorded.
     */
    static Integer mostBudget(ModelTraits traits) {
        Integer limit = traits.maxOutputTokens();
        if (limit == null) {
            return null;
        }
        return Math.max(MIN_THINKING_BUDGET, limit - Math.min(DEFAULT_MAX_TOKENS, limit / 2));
    }

    /** Why {@code level} is not sent to {@code model} as asked, or null. */
    static String problem(Thinking level, ModelTraits traits, String model) {
        if (level != null && !level.off() && traits.cannotThink()) {
            return model + " does not think; thinking " + level + " is not sent";
        }
        Integer most = mostBudget(traits);
        if (level != null && level.isBudget() && most != null && level.tokens() > most) {
            return String.format(Locale.ROOT, "%s writes at most %,d tokens a reply, thinking included; it thinks"
                    + " with up to %,d, not %,d", model, traits.maxOutputTokens(), most, level.tokens());
        }
        return null;
    }

    /**
     * The thinking budget is spent out of max_tokens, which must exceed it: when it would not,
     * the answer gets the default room on top of the budget — never more than the model's limit
     * (the API refuses that), under which {@link #mostBudget} keeps the budget.
     */
    static int maxTokens(Integer requested, Integer budget, Integer limit) {
        int max = requested == null ? DEFAULT_MAX_TOKENS : requested;
        if (budget != null && max <= budget) {
            max = budget + DEFAULT_MAX_TOKENS;
        }
        return limit == null ? max : Math.min(max, limit);
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
