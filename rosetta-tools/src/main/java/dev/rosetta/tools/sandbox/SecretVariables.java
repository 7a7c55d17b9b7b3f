package dev.rosetta.tools.sandbox;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Which environment variables hold secrets, and so never reach a process the model runs: the
 * shell, Python, JShell and stdio MCP servers all start with an environment this rule has gone
 * over, and Rosetta wipes the same names from its own environment block ({@link OwnEnvironment}).
 *
 * <p>A name is secret by what its words say, not by a list of products: it contains
 * {@code PASSWORD}, {@code PASSWD}, {@code SECRET}, {@code TOKEN}, {@code CREDENTIAL} or
 * {@code APIKEY}; or one of its {@code _}-separated words is {@code KEY}, {@code AUTH} or
 * {@code PAT}; or it starts with {@code AWS_} (whose session and profile variables lead to keys
 * too). So {@code OPENAI_API_KEY}, {@code MYPROV_TOKEN}, {@code PGPASSWORD},
 * {@code AZURE_CLIENT_SECRET} and {@code GOOGLE_APPLICATION_CREDENTIALS} are all secret. Besides
 * these, the variables named by the {@code api_key_env} of a configured provider are secret
 * whatever they are called; and a user may pass chosen ones on purpose ({@code [tools.env] pass}).
 * Matching ignores case.
 */
public final class SecretVariables {

    /** The rule alone: no provider's names, nothing passed on purpose. */
    public static final SecretVariables DEFAULT = new SecretVariables(Set.of(), Set.of());

    private static final String[] INSIDE = {"PASSWORD", "PASSWD", "SECRET", "TOKEN", "CREDENTIAL", "APIKEY", "API_KEY"};
    private static final Set<String> WORDS = Set.of("KEY", "AUTH", "PAT");
    private static final String[] PREFIXES = {"AWS_"};

    private final Set<String> named;
    private final Set<String> passed;

    private SecretVariables(Set<String> named, Set<String> passed) {
        this.named = upper(named);
        this.passed = upper(passed);
    }

    /** This rule, and also every name in {@code names} (the {@code api_key_env} of configured providers). */
    public SecretVariables naming(Set<String> names) {
        Set<String> all = new TreeSet<>(named);
        all.addAll(upper(names));
        return new SecretVariables(all, passed);
    }

    /** This rule, but the variables in {@code names} reach the tools anyway ({@code [tools.env] pass}). */
    public SecretVariables passing(Set<String> names) {
        Set<String> all = new TreeSet<>(passed);
        all.addAll(upper(names));
        return new SecretVariables(named, all);
    }

    /** Whether a tool's process must not get this variable. */
    public boolean withholds(String name) {
        String upper = name.toUpperCase(Locale.ROOT);
        return !passed.contains(upper) && isSecret(upper);
    }

    /** Whether the name is secret, whatever the user passes on purpose. */
    public boolean isSecret(String name) {
        String upper = name.toUpperCase(Locale.ROOT);
        if (named.contains(upper)) {
            return true;
        }
        for (String part : INSIDE) {
            if (upper.contains(part)) {
                return true;
            }
        }
        for (String prefix : PREFIXES) {
            if (upper.startsWith(prefix)) {
                return true;
            }
        }
        for (String word : upper.split("_")) {
            if (WORDS.contains(word)) {
                return true;
            }
        }
        return false;
    }

    /** {@code environment} without what this rule withholds, in its order. */
    public Map<String, String> strip(Map<String, String> environment) {
        Map<String, String> out = new LinkedHashMap<>();
        environment.forEach((name, value) -> {
            if (!withholds(name)) {
                out.put(name, value);
            }
        });
        return out;
    }

    /** The names passed on purpose, as configured (upper case). */
    public Set<String> passed() {
        return passed;
    }

    private static Set<String> upper(Set<String> names) {
        Set<String> out = new TreeSet<>();
        names.forEach(n -> out.add(n.toUpperCase(Locale.ROOT)));
        return Set.copyOf(out);
    }
}
