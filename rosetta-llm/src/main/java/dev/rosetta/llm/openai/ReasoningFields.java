package dev.rosetta.llm.openai;

import dev.rosetta.core.json.Json;
import dev.rosetta.llm.ModelTraits;
import dev.rosetta.llm.Thinking;
import tools.jackson.databind.node.ObjectNode;

/**
 * What a Chat Completions request carries for a thinking level, server by server, and why it
 * carries nothing when the level cannot apply (said once to the user, never sent to become a 400):
 * <ul>
 * <li>DeepSeek: {@code thinking: {type: enabled|disabled}}, and {@code reasoning_effort} when on;</li>
 * <li>Z.AI: {@code thinking: {type: enabled|disabled}}, a level sent as on (said once);</li>
 * <li>MiniMax: {@code thinking: {type: adaptive|disabled}}, a level sent as adaptive (said once);</li>
 * <li>OpenRouter: {@code reasoning: {effort}} for a level, {@code {max_tokens}} for a budget,
 *     {@code {enabled: false}} for off — it maps them to each model it routes to;</li>
 * <li>a server the user runs: {@code chat_template_kwargs: {enable_thinking}}, the switch of the
 *     chat templates that have one (Qwen3, GLM, DeepSeek V3.1), and {@code reasoning_effort} when
 *     on (gpt-oss's templates read it); a budget goes as its effort, and is said so;</li>
 * <li>OpenAI's reasoning models: {@code reasoning_effort}; they cannot stop reasoning;</li>
 * <li>a model recorded as not thinking: nothing, unless the level is off;</li>
 * <li>any other hosted server: nothing, as Chat Completions has no common switch for it.</li>
 * </ul>
 *
 * @param fields  to add to the body (empty when none)
 * @param problem why the level asked for is not sent, or null when it is (or none was asked)
 */
record ReasoningFields(ObjectNode fields, String problem) {

    static ReasoningFields of(ServerProfile profile, ModelTraits traits, String model, Thinking thinking) {
        ObjectNode fields = Json.MAPPER.createObjectNode();
        if (thinking == null) {
            return new ReasoningFields(fields, null);
        }
        return switch (profile.thinking()) {
            case DEEPSEEK_SWITCH -> deepSeek(fields, thinking);
            case ON_OFF_SWITCH -> onOff(fields, thinking);
            case ADAPTIVE_SWITCH -> adaptive(fields, thinking);
            case OPENROUTER -> openRouter(fields, thinking);
            case CHAT_TEMPLATE -> chatTemplate(fields, thinking);
            case EFFORT -> effort(fields, traits, model, thinking);
        };
    }

    private static ReasoningFields deepSeek(ObjectNode fields, Thinking thinking) {
        fields.putObject("thinking").put("type", thinking.off() ? "disabled" : "enabled");
        if (!thinking.off()) {
            fields.put("reasoning_effort", thinking.effort());
        }
        return new ReasoningFields(fields, null);
    }

    /** GLM thinks or does not: a level is sent as on, and said so. */
    private static ReasoningFields onOff(ObjectNode fields, Thinking thinking) {
        fields.putObject("thinking").put("type", thinking.off() ? "disabled" : "enabled");
        return new ReasoningFields(fields, thinking.off() ? null
                : "Z.AI turns thinking on or off, with no level: thinking " + thinking + " is sent as on");
    }

    /** MiniMax decides how long it thinks: a level is sent as adaptive, and said so. */
    private static ReasoningFields adaptive(ObjectNode fields, Thinking thinking) {
        fields.putObject("thinking").put("type", thinking.off() ? "disabled" : "adaptive");
        return new ReasoningFields(fields, thinking.off() ? null
                : "MiniMax decides how long it thinks: thinking " + thinking + " is sent as adaptive");
    }

    private static ReasoningFields openRouter(ObjectNode fields, Thinking thinking) {
        ObjectNode reasoning = fields.putObject("reasoning");
        if (thinking.off()) {
            reasoning.put("enabled", false);
        } else if (thinking.isBudget()) {
            reasoning.put("max_tokens", thinking.tokens());
        } else {
            reasoning.put("effort", thinking.effort());
        }
        return new ReasoningFields(fields, null);
    }

    private static ReasoningFields chatTemplate(ObjectNode fields, Thinking thinking) {
        fields.putObject("chat_template_kwargs").put("enable_thinking", !thinking.off());
        if (thinking.off()) {
            return new ReasoningFields(fields, null);
        }
        fields.put("reasoning_effort", thinking.effort());
        return new ReasoningFields(fields, thinking.isBudget() ? "a server you run takes no thinking budget: "
                + thinking + " is sent as effort " + thinking.effort() : null);
    }

    private static ReasoningFields effort(ObjectNode fields, ModelTraits traits, String model, Thinking thinking) {
        if (traits.reasoning()) {
            if (thinking.off()) {
                return new ReasoningFields(fields, model + " always reasons, so thinking cannot be turned off;"
                        + " it reasons at its default effort");
            }
            fields.put("reasoning_effort", thinking.effort());
            return new ReasoningFields(fields, null);
        }
        if (thinking.off()) {
            return new ReasoningFields(fields, null);
        }
        if (traits.cannotThink()) {
            return new ReasoningFields(fields, model + " does not think; thinking " + thinking + " is not sent");
        }
        return new ReasoningFields(fields, "thinking " + thinking + " is not sent: Rosetta knows no way to set it"
                + " for " + model + " over Chat Completions; the model thinks as its server decides");
    }
}
