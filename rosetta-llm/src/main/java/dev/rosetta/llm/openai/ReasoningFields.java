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
 * <li>OpenAI's reasoning models: {@code reasoning_effort}; they cannot stop reasoning;</li>
 * <li>a model recorded as not thinking: nothing, unless the level is off;</li>
 * <li>any other server: nothing, as Chat Completions has no common switch for it.</li>
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
        if (profile.thinkingSwitch()) {
            fields.putObject("thinking").put("type", thinking.off() ? "disabled" : "enabled");
            if (!thinking.off()) {
                fields.put("reasoning_effort", thinking.effort());
            }
            return new ReasoningFields(fields, null);
        }
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
