package dev.rosetta.agent.config;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Predicate;

import dev.rosetta.core.secret.Redaction;

/**
 * The secrets a conversation knows of, to be blanked out of every tool's output before anyone
 * sees it: the value of each variable of its environment (the process's and the {@code [env]}
 * tables') whose name says it is secret — the provider keys among them — each shown as
 * {@code [$NAME]}, which says whose value stood there without saying it. A value shorter than
 * {@link #SHORTEST} is not looked for: {@code AWS_REGION=us-east-1} names no secret, and blanking
 * such words everywhere would garble output and protect nothing.
 */
public final class KnownSecrets {

    /** The shortest value of the environment looked for. */
    public static final int SHORTEST = 12;

    private KnownSecrets() {}

    /**
     * @param environment the variables the conversation was started with
     * @param secretName  whether a variable's name says it holds a secret (the rule that also
     *                    keeps it from the processes the tools start)
     */
    public static Redaction of(Map<String, String> environment, Predicate<String> secretName) {
        Map<String, String> shown = new LinkedHashMap<>();
        environment.forEach((name, value) -> {
            if (value != null && secretName.test(name)) {
                shown.putIfAbsent(value, "[$" + name + "]");
            }
        });
        return Redaction.of(shown, SHORTEST);
    }
}
