package dev.rosetta.core.dialect.described;

import java.util.LinkedHashMap;
import java.util.Map;

import dev.rosetta.core.dialect.attool.AtToolDialect;
import dev.rosetta.core.json.Json;
import dev.rosetta.core.tool.ToolSpec;
import dev.rosetta.core.tool.ToolUse;

/**
 * Spells a call in a described dialect: in the spelling its {@code write} template gives, or
 * else in its shape's own spelling with its first opener and closer. Reading what it writes gives
 * the same call back ({@code RoundTripTest} holds every dialect to that).
 */
final class DescribedWriter {

    private DescribedWriter() {}

    static String write(CallForm form, ToolUse use, ToolSpec spec) {
        Map<String, Object> arguments = AtToolDialect.named(use, spec);
        if (form.write() != null) {
            return template(form.write(), spec.name(), arguments(form, arguments), use.callId());
        }
        return switch (form.shape()) {
            case JSON -> json(form, spec.name(), arguments);
            case HEADER_JSON -> header(form, spec.name(), arguments, use.callId());
            case TAGS -> tags(form, spec.name(), arguments);
            case KEY_VALUE -> keyValue(form, spec.name(), arguments);
            case OBJECT -> {
                String close = form.closeOf(0);
                String prefix = form.namePrefix().isEmpty() ? "" : form.namePrefix().get(0);
                yield form.open().get(0) + prefix + spec.name() + ObjectSyntax.write(arguments, form.quote())
                        + (close == null ? "" : close);
            }
            case PYTHON -> {
                String list = "[" + PythonCall.format(spec.name(), arguments) + "]";
                String close = form.closeOf(0);
                yield form.bare() ? list : form.open().get(0) + list + (close == null ? "" : close);
            }
            default -> throw new UnsupportedOperationException("the " + form.shape().id() + " shape is not written yet");
        };
    }

    /** The arguments as the shape spells them where a template says {@code {arguments}}. */
    private static String arguments(CallForm form, Map<String, Object> arguments) {
        return switch (form.shape()) {
            case OBJECT -> ObjectSyntax.write(arguments, form.quote());
            case PYTHON -> PythonCall.format("", arguments).replaceAll("^\\(|\\)$", "");
            default -> Json.write(arguments);
        };
    }

    /** {@code {name}}, {@code {arguments}} and {@code {id}} in the template, replaced; other braces are the template's own. */
    static String template(String template, String name, String arguments, String id) {
        return template.replace("{name}", name).replace("{id}", id == null ? "0" : id).replace("{arguments}", arguments);
    }

    /**
     * The section's opener, the call's, the header, the separator, the arguments, the closers.
     * A header that is the call's id keeps an id of this tool the call already had
     * ({@code functions.NAME:3}), else counts from 0.
     */
    private static String header(CallForm form, String name, Map<String, Object> arguments, String callId) {
        String prefix = form.namePrefix().isEmpty() ? "" : form.namePrefix().get(0);
        String header = prefix + name + (form.nameCounter() ? ":0" : "");
        if (form.idFromHeader() && callId != null && HeaderSpelling.nameIn(form, callId).equals(name)
                && (form.namePrefix().isEmpty() || callId.startsWith(prefix))) {
            header = callId;
        }
        String close = form.closeOf(0);
        return first(form.sectionOpen()) + form.open().get(0) + header + first(form.separator()) + Json.write(arguments)
                + (close == null ? "" : close) + first(form.sectionClose());
    }

    /**
     * The wrapper, the function element, each argument in its own parameter element with the raw
     * value on the lines between the tags (the reader drops that one line break on each side),
     * the closers. Strings go as they are, other values as JSON, which the reader types back by
     * the tool's declaration. A value holding text that would end it early cannot be spelled.
     */
    private static String tags(CallForm form, String name, Map<String, Object> arguments) {
        TagGrammar grammar = new TagGrammar(form);
        TagSpelling function = grammar.firstFunction();
        TagSpelling parameter = grammar.firstParameter();
        String wrapperCloser = form.closeOf(0);
        java.util.List<String> ends = new java.util.ArrayList<>(grammar.valueEnds(function, wrapperCloser));
        StringBuilder out = new StringBuilder(form.open().get(0)).append('\n').append(function.open(name)).append('\n');
        for (Map.Entry<String, Object> e : arguments.entrySet()) {
            String value = dev.rosetta.core.dialect.UntypedValue.text(e.getValue());
            for (String end : ends) {
                if (end != null && value.contains(end)) {
                    throw new IllegalArgumentException("the " + form.shape().id() + " spelling cannot hold " + name
                            + "'s argument '" + e.getKey() + "': its value holds " + end);
                }
            }
            out.append(parameter.open(e.getKey())).append('\n').append(value).append('\n').append(parameter.closer())
                    .append('\n');
        }
        out.append(function.closer());
        return wrapperCloser == null ? out.toString() : out.append('\n').append(wrapperCloser).toString();
    }

    /**
     * The opener and the name, then one key and value pair per line, the closer. The reader drops
     * one line break at each end of a value, so a value that starts or ends with one gets another.
     */
    private static String keyValue(CallForm form, String name, Map<String, Object> arguments) {
        KeyValueTags tags = KeyValueTags.of(form);
        if (name.isEmpty() || !name.chars().allMatch(c -> KeyValueCalls.isNameChar((char) c))) {
            throw new IllegalArgumentException("the key-value spelling cannot name '" + name + "': the name must be one word");
        }
        StringBuilder out = new StringBuilder(tags.opener()).append(name).append('\n');
        for (Map.Entry<String, Object> e : arguments.entrySet()) {
            String value = dev.rosetta.core.dialect.UntypedValue.text(e.getValue());
            for (String end : tags.endsText()) {
                if (e.getKey().contains(end) || value.contains(end)) {
                    throw new IllegalArgumentException("the key-value spelling cannot hold " + name + "'s argument '"
                            + e.getKey() + "': it holds " + end);
                }
            }
            String framed = (value.startsWith("\n") ? "\n" : "") + value + (value.endsWith("\n") ? "\n" : "");
            out.append(tags.keyOpener()).append(e.getKey()).append(tags.keyCloser()).append('\n')
                    .append(tags.valueOpener()).append(framed).append(tags.valueCloser()).append('\n');
        }
        return out.append(tags.closer()).toString();
    }

    private static String first(java.util.List<String> tokens) {
        return tokens.isEmpty() ? "" : tokens.get(0);
    }

    /** The opener, the call object on its own line, the closer. */
    private static String json(CallForm form, String name, Map<String, Object> arguments) {
        Map<String, Object> call = new LinkedHashMap<>();
        call.put("name", name);
        call.put("arguments", arguments);
        String close = form.closeOf(0);
        return form.open().get(0) + "\n" + Json.write(call) + (close == null ? "" : "\n" + close);
    }
}
