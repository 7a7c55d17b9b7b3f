package dev.rosetta.agent.log;

import java.util.List;

/**
 * The words of generated conversation ids: an adjective, a colour and a noun, short, plain and
 * easy to type ({@code quiet-amber-fox}). 48 × 32 × 64 = 98,304 ids a day.
 */
final class IdWords {

    static final List<String> ADJECTIVES = List.of(
            "quiet", "brave", "calm", "eager", "fancy", "gentle", "happy", "jolly", "kind", "lively",
            "merry", "nimble", "proud", "silly", "witty", "zesty", "bold", "bright", "clever", "cosy",
            "crisp", "daring", "fair", "fuzzy", "glad", "grand", "humble", "keen", "lucky", "mellow",
            "mighty", "neat", "noble", "plucky", "polite", "quick", "rapid", "sharp", "shiny", "smooth",
            "snug", "steady", "sunny", "swift", "tidy", "vivid", "warm", "wise");

    static final List<String> COLOURS = List.of(
            "amber", "azure", "beige", "black", "blue", "bronze", "coral", "cream", "crimson", "cyan",
            "gold", "green", "grey", "indigo", "ivory", "jade", "khaki", "lilac", "lime", "magenta",
            "maroon", "mint", "navy", "ochre", "olive", "orange", "pink", "plum", "red", "ruby",
            "silver", "teal");

    static final List<String> NOUNS = List.of(
            "fox", "owl", "otter", "badger", "bear", "beaver", "bison", "camel", "cat", "crane",
            "crow", "deer", "dolphin", "dove", "duck", "eagle", "falcon", "ferret", "finch", "frog",
            "gecko", "goat", "goose", "hare", "hawk", "hedgehog", "heron", "horse", "ibis", "koala",
            "lark", "lemur", "lion", "llama", "lynx", "magpie", "marten", "mole", "moose", "moth",
            "mouse", "newt", "orca", "panda", "parrot", "pelican", "penguin", "puffin", "quail", "rabbit",
            "raven", "robin", "salmon", "seal", "shark", "sparrow", "stork", "swan", "tiger", "toad",
            "trout", "turtle", "whale", "wolf");

    private IdWords() {}
}
