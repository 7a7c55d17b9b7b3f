package dev.rosetta.core.tool;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * A call's arguments by parameter name, after binding: the one shape every dialect's call
 * becomes, whatever its spelling.
 *
 * @param values parameter name → JSON value (String, Long, Double, Boolean, List, Map)
 */
public record Arguments(Map<String, Object> values) {

    public Arguments {
        values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }

    public Optional<String> string(String name) {
        return Optional.ofNullable(values.get(name)).map(String::valueOf);
    }

    public Optional<Long> integer(String name) {
        return Optional.ofNullable(values.get(name)).map(v -> ((Number) v).longValue());
    }

    public Optional<Boolean> bool(String name) {
        return Optional.ofNullable(values.get(name)).map(Boolean.class::cast);
    }

    /** A required string argument; binding guarantees it is present for required parameters. */
    public String require(String name) {
        return string(name).orElseThrow(() -> new InvalidArgumentsException("missing argument '" + name + "'"));
    }
}
