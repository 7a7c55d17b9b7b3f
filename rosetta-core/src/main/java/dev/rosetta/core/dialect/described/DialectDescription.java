package dev.rosetta.core.dialect.described;

import java.util.List;

import dev.rosetta.core.split.ReasoningMarkers;

/**
 * A dialect described by data: its name, the families that write it, the spellings of its calls,
 * its reasoning markers and the special tokens that are markup. The built-in dialects and the
 * ones a user writes in {@code config.toml} ({@code [[dialects]]}) are read by the same
 * {@link DescriptionReader} and read messages through the same scanners.
 *
 * @param name      the name users type and segments record ({@code gemma4})
 * @param models    the model families that write it, for people
 * @param source    where the spelling was taken from (a chat template, a server's parser), for people
 * @param calls     its spellings of a call, tried in order
 * @param reasoning the markers its reasoning is written between
 * @param markup    special tokens that carry no call (end of turn, response markers): never prose
 * @param markupTags names of elements whose tags are markup and whose text is prose (Cohere's citations, {@code co})
 * @param prompt    how the tools are described to a model asked for this dialect
 */
public record DialectDescription(String name, String models, String source, List<CallForm> calls,
        List<ReasoningMarkers> reasoning, List<String> markup, List<String> markupTags,
        Prompt prompt) {

    public DialectDescription {
        calls = List.copyOf(calls);
        reasoning = List.copyOf(reasoning);
        markup = List.copyOf(markup);
        markupTags = List.copyOf(markupTags);
    }
}
