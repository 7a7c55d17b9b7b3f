package dev.rosetta.acp;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.agentclientprotocol.sdk.spec.AcpSchema;

import dev.rosetta.tools.mcp.McpForm;

/**
 * An MCP server's form (elicitation) as the editor's own form ({@code elicitation/create}, form
 * mode), when its {@code initialize} offers forms: the server's message, said to come from it, and
 * its fields as the schema ACP takes (strings, choices, numbers, whole numbers, yes/no, several of a
 * list); the editor's answer — accepted with its values, declined, cancelled — goes back to the server.
 */
final class EditorForms {

    private EditorForms() {}

    /** The request that puts {@code form} to the editor of {@code session}. */
    static AcpSchema.CreateElicitationRequest request(String session, McpForm form) {
        Map<String, AcpSchema.ElicitationPropertySchema> properties = new LinkedHashMap<>();
        List<String> required = form.fields().stream().filter(McpForm.Field::required).map(McpForm.Field::name)
                .toList();
        form.fields().forEach(f -> properties.put(f.name(), property(f)));
        String message = form.message().isBlank() ? "The MCP server " + form.server() + " asks:"
                : form.server() + " asks: " + form.message();
        return AcpSchema.CreateElicitationRequest.form(session, message,
                new AcpSchema.ElicitationSchema(properties, required.isEmpty() ? null : required));
    }

    /** One field as ACP's schema has it, with the limits the server set (the editor checks them as it fills in). */
    private static AcpSchema.ElicitationPropertySchema property(McpForm.Field f) {
        McpForm.Limits limits = f.limits();
        return switch (f.type()) {
            case "boolean" -> new AcpSchema.BooleanPropertySchema("boolean", f.title(), f.description(),
                    f.fallback() instanceof Boolean b ? b : null);
            case "integer" -> new AcpSchema.IntegerPropertySchema("integer", f.title(), f.description(),
                    f.fallback() instanceof Number n ? n.longValue() : null, whole(limits.minimum(), true),
                    whole(limits.maximum(), false));
            case "number" -> new AcpSchema.NumberPropertySchema("number", f.title(), f.description(),
                    f.fallback() instanceof Number n ? n.doubleValue() : null,
                    limits.minimum() == null ? null : limits.minimum().doubleValue(),
                    limits.maximum() == null ? null : limits.maximum().doubleValue());
            case "array" -> new AcpSchema.MultiSelectPropertySchema("array", f.title(), f.description(),
                    f.fallback() instanceof List<?> l ? l.stream().map(String::valueOf).toList() : null,
                    titled(f) ? new AcpSchema.TitledMultiSelectItems(options(f))
                            : new AcpSchema.UntitledMultiSelectItems("string", f.choices()),
                    wide(limits.minItems()), wide(limits.maxItems()));
            default -> new AcpSchema.StringPropertySchema("string", f.title(), f.description(),
                    f.fallback() == null ? null : String.valueOf(f.fallback()), limits.minLength(),
                    limits.maxLength(), limits.pattern(), limits.format(),
                    f.choices().isEmpty() || titled(f) ? null : f.choices(), titled(f) ? options(f) : null);
        };
    }

    /**
     * A bound of a whole-number field as ACP's schema takes it: a fractional bound rounded inwards
     * (minimum 2.5 of an integer is 3), so the editor never allows what the server refuses.
     */
    private static Long whole(Number bound, boolean lower) {
        if (bound == null) {
            return null;
        }
        double d = bound.doubleValue();
        return (long) (lower ? Math.ceil(d) : Math.floor(d));
    }

    private static Long wide(Integer count) {
        return count == null ? null : count.longValue();
    }

    /** Whether the server named some of the field's choices (a titled enum): the editor shows the names. */
    private static boolean titled(McpForm.Field f) {
        return !f.choiceTitles().equals(f.choices());
    }

    private static List<AcpSchema.EnumOption> options(McpForm.Field f) {
        return java.util.stream.IntStream.range(0, f.choices().size())
                .mapToObj(i -> new AcpSchema.EnumOption(f.choices().get(i), f.choiceTitles().get(i))).toList();
    }

    /** The editor's answer as the server hears it; no answer is a cancel. */
    static McpForm.Answer answer(AcpSchema.CreateElicitationResponse response) {
        if (response == null || response.action() == null) {
            return new McpForm.Answer.Cancel();
        }
        return switch (response.action()) {
            case ACCEPT -> new McpForm.Answer.Accept(response.content() == null ? Map.of() : response.content());
            case DECLINE -> new McpForm.Answer.Decline();
            case CANCEL -> new McpForm.Answer.Cancel();
        };
    }
}
