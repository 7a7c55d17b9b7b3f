package dev.rosetta.llm.responses;

import dev.rosetta.llm.ModelTraits;
import java.util.function.Consumer;

import dev.rosetta.core.json.Json;
import dev.rosetta.core.tool.ToolSpec;
import dev.rosetta.llm.ChatRequest;
import dev.rosetta.llm.Thinking;
import dev.rosetta.llm.schema.ToolSchemas;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The JSON body of {@code POST /responses}. Stateless on purpose: {@code store: false} and the
 * whole conversation in {@code input}, never {@code previous_response_id}, so history can be
 * edited or re-spelled between turns and nothing is kept on OpenAI's side.
 */
final class RequestBody {

    /** Lets reasoning items travel back although nothing is stored: the API returns them encrypted. */
    static final String ENCRYPTED_REASONING = "reasoning.encrypted_content";

    private RequestBody() {}

    /**
     * @param summaries whether to ask for reasoning summaries (the thinking we show); false once
     *                  the organisation turned out not to be verified for them
     * @param notices   told what was dropped or cut, for the user
     */
    static ObjectNode of(ChatRequest request, ModelTraits traits, boolean summaries, Consumer<String> notices) {
        InputItems.Converted conversation = new InputItems(request.tools(), traits.reasoning())
                .convert(request.messages());
        ObjectNode body = Json.MAPPER.createObjectNode().put("model", request.model());
        if (conversation.instructions() != null) {
            body.put("instructions", conversation.instructions());
        }
        body.set("input", conversation.input());
        if (!request.tools().isEmpty()) {
            body.set("tools", tools(request, traits, notices));
            body.put("parallel_tool_calls", traits.parallelToolCalls());
        }
        if (request.maxTokens() != null) {
            body.put("max_output_tokens", request.maxTokens());
        }
        // Reasoning models reject temperature outright.
        if (request.temperature() != null && !traits.reasoning()) {
            body.put("temperature", request.temperature());
        }
        reasoning(body, request, traits, summaries, notices);
        if (!request.stop().isEmpty()) {
            notices.accept("the Responses API takes no stop sequences; " + request.stop().size() + " were not sent");
        }
        return body.put("store", false).put("stream", request.stream());
    }

    private static void reasoning(ObjectNode body, ChatRequest request, ModelTraits traits, boolean summaries,
            Consumer<String> notices) {
        if (!traits.reasoning()) {
            return;
        }
        Thinking thinking = request.thinking();
        if (thinking != null && !thinking.off()) {
            ObjectNode reasoning = body.putObject("reasoning").put("effort", thinking.effort());
            if (summaries) {
                reasoning.put("summary", "auto");
            }
        }
        body.putArray("include").add(ENCRYPTED_REASONING);
    }

    /** Why {@code thinking} is not sent to {@code model}, or null: the API has no way to say it. */
    static String problem(Thinking thinking, ModelTraits traits, String model) {
        if (thinking == null) {
            return null;
        }
        if (traits.reasoning() && thinking.off()) {
            return model + " always reasons, so thinking cannot be turned off; it reasons at its default effort";
        }
        if (!traits.reasoning() && !thinking.off()) {
            return model + " is not a reasoning model; thinking " + thinking + " is not sent";
        }
        return null;
    }

    /** Flat function tools; {@code strict} is always sent, as the API's default is true. */
    private static ArrayNode tools(ChatRequest request, ModelTraits traits, Consumer<String> notices) {
        ArrayNode tools = Json.MAPPER.createArrayNode();
        for (ToolSpec spec : request.tools()) {
            boolean strict = ToolSchemas.strict(spec, traits.strictTools());
            tools.addObject()
                    .put("type", "function")
                    .put("name", ToolSchemas.name(spec))
                    .put("description", ToolSchemas.description(spec, ToolSchemas.OPENAI_DESCRIPTION_LIMIT, notices))
                    .<ObjectNode>set("parameters", Json.MAPPER.valueToTree(ToolSchemas.parameters(spec, strict)))
                    .put("strict", strict);
        }
        return tools;
    }
}
