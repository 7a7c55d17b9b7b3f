package dev.rosetta.agent.mcp;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.rosetta.core.RosettaException;

/**
 * {@code ${VAR}} in a server's {@code env}, {@code headers} and {@code url}, taken from the
 * environment so a token never has to be written into a file. Every value put in is remembered
 * as a secret, so it can be taken out of anything shown or logged.
 */
final class EnvReferences {

    private static final Pattern REFERENCE = Pattern.compile("\\$\\{([A-Za-z_][A-Za-z0-9_]*)}");

    private final Map<String, String> environment;
    private final Set<String> secrets;

    /** @param secrets where the values put in are collected */
    EnvReferences(Map<String, String> environment, Set<String> secrets) {
        this.environment = environment;
        this.secrets = secrets;
    }

    /** {@code text} with each {@code ${VAR}} replaced; an unset variable is an error naming it and where. */
    String expand(String text, String where) {
        if (text == null) {
            return null;
        }
        Matcher m = REFERENCE.matcher(text);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String value = environment.get(m.group(1));
            if (value == null) {
                throw new RosettaException("${" + m.group(1) + "} in " + where + " is not set; set it in the"
                        + " environment or an [env] table");
            }
            secrets.add(value);
            m.appendReplacement(out, Matcher.quoteReplacement(value));
        }
        m.appendTail(out);
        return out.toString();
    }

    Map<String, String> expand(Map<String, String> values, String where) {
        Map<String, String> out = new LinkedHashMap<>();
        values.forEach((k, v) -> out.put(k, expand(v, where + " " + k)));
        return out;
    }
}
