package dev.rosetta.llm.model;

/**
 * A model a server the user runs has, as its model list says ({@code rosetta models --local},
 * Tab after {@code /model}).
 *
 * @param name          {@code provider/id}, as {@code --model} takes it
 * @param sizeBytes     the size on disk, or null
 * @param parameters    the parameter count as the server writes it ({@code 7.6B}), or null
 * @param quantization  the quantisation ({@code Q4_K_M}), or null
 */
public record LocalModel(String name, Long sizeBytes, String parameters, String quantization) {}
