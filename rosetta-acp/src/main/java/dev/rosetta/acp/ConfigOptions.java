package dev.rosetta.acp;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.agentclientprotocol.sdk.error.AcpErrorCodes;
import com.agentclientprotocol.sdk.error.AcpProtocolException;
import com.agentclientprotocol.sdk.spec.AcpSchema;

import dev.rosetta.agent.session.Conversation;
import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.llm.ProviderException;
import dev.rosetta.llm.model.ModelInfo;

/**
 * The session's settings an editor may change: the model (those whose provider has a key here, and
 * the one in use) and the tool format. Changing one is the host's {@code /model} or {@code /format}
 * command, so it does exactly what typing it does.
 */
final class ConfigOptions {

    static final String MODEL = "model";
    static final String FORMAT = "tool_format";

    private final Conversation conversation;

    ConfigOptions(Conversation conversation) {
        this.conversation = conversation;
    }

    List<AcpSchema.SessionConfigOption> options() {
        var session = conversation.session();
        return List.of(
                new AcpSchema.SessionConfigSelect("select", MODEL, "Model", "The model, and with it its tool format",
                        "model", session.model().name(), models(session.model()), null),
                new AcpSchema.SessionConfigSelect("select", FORMAT, "Tool format", "How the model is asked to call"
                        + " tools; every format reads every dialect", null, session.format().id(), formats(), null));
    }

    /** The same models as a model state, for editors that pick the model by {@code session/set_model}. */
    AcpSchema.SessionModelState models() {
        var session = conversation.session();
        return new AcpSchema.SessionModelState(session.model().name(), models(session.model()).stream()
                .map(o -> new AcpSchema.ModelInfo(o.value(), o.name(), null)).toList());
    }

    /** The host command that sets {@code option} to {@code value}. */
    String command(String option, String value) {
        if (value == null || value.isBlank() || value.chars().anyMatch(Character::isWhitespace)) {
            throw new AcpProtocolException(AcpErrorCodes.INVALID_PARAMS, "no value for " + option);
        }
        return switch (option) {
            case MODEL -> "/model " + value;
            case FORMAT -> "/format " + value;
            default -> throw new AcpProtocolException(AcpErrorCodes.INVALID_PARAMS, "there is no option '" + option
                    + "'; the options are " + MODEL + " and " + FORMAT);
        };
    }

    private List<AcpSchema.SessionConfigSelectOption> models(ModelInfo current) {
        Map<String, AcpSchema.SessionConfigSelectOption> options = new LinkedHashMap<>();
        options.put(current.name(), option(current));
        var directory = conversation.providers().directory();
        for (ModelInfo m : conversation.registry().all()) {
            boolean keyed;
            try {
                keyed = directory.find(m.provider()).map(p -> {
                    try {
                        return directory.key(p).isPresent();
                    } catch (ProviderException e) {
                        return false;
                    }
                }).orElse(false);
            } catch (RuntimeException e) {
                keyed = false;
            }
            if (keyed) {
                options.putIfAbsent(m.name(), option(m));
            }
        }
        return new ArrayList<>(options.values());
    }

    private static AcpSchema.SessionConfigSelectOption option(ModelInfo m) {
        return new AcpSchema.SessionConfigSelectOption(m.name(), m.name());
    }

    private static List<AcpSchema.SessionConfigSelectOption> formats() {
        List<AcpSchema.SessionConfigSelectOption> options = new ArrayList<>(Arrays.stream(ToolFormat.values())
                .map(f -> new AcpSchema.SessionConfigSelectOption(f.id(), f.id())).toList());
        options.add(new AcpSchema.SessionConfigSelectOption("native", "native (the model's own)"));
        return options;
    }
}
