package dev.rosetta.core.dialect.described;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import dev.rosetta.core.tool.Parameter;
import dev.rosetta.core.tool.ToolSpec;

/**
 * A tool declared as Gemma's templates declare one, in the dialect's object syntax:
 * {@code <|tool>declaration:NAME{description:<|"|>…<|"|>,parameters:{properties:{…},required:[…],type:<|"|>OBJECT<|"|>}}<tool|>},
 * JSON Schema types in capitals as the template writes them.
 */
final class ObjectDeclaration {

    private ObjectDeclaration() {}

    static String of(DescribedDialect dialect, ToolSpec spec) {
        String quote = quote(dialect);
        List<String> around = dialect.description().prompt().declaration();
        Map<String, Object> declaration = new LinkedHashMap<>();
        declaration.put("description", spec.description());
        declaration.put("parameters", parameters(spec));
        String body = "declaration:" + spec.name() + ObjectSyntax.write(declaration, quote);
        return around.isEmpty() ? body : around.get(0) + body + around.get(1);
    }

    private static Map<String, Object> parameters(ToolSpec spec) {
        Map<String, Object> properties = new LinkedHashMap<>();
        List<Object> required = new ArrayList<>();
        for (Parameter p : spec.parameters()) {
            Map<String, Object> property = new LinkedHashMap<>();
            if (!p.description().isEmpty()) {
                property.put("description", p.description());
            }
            property.put("type", p.type().toUpperCase(Locale.ROOT));
            properties.put(p.name(), property);
            if (p.required()) {
                required.add(p.name());
            }
        }
        Map<String, Object> parameters = new LinkedHashMap<>();
        parameters.put("properties", properties);
        parameters.put("required", required);
        parameters.put("type", "OBJECT");
        return parameters;
    }

    /** The quote token of the dialect's object-shaped call, or the double quote when it has none. */
    static String quote(DescribedDialect dialect) {
        return dialect.description().calls().stream().filter(f -> f.shape() == Shape.OBJECT).map(CallForm::quote)
                .findFirst().orElse("\"");
    }
}
