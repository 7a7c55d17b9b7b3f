package dev.rosetta.tools.files;

import java.util.List;

/**
 * One replacement of a patch: the lines as they are in the file, and what to put in their place.
 *
 * @param number   1-based, in the order the patch gives them
 * @param original the ORIGINAL lines
 * @param updated  the UPDATED lines (empty to delete the original ones)
 */
record Hunk(int number, List<String> original, List<String> updated) {

    Hunk {
        original = List.copyOf(original);
        updated = List.copyOf(updated);
    }
}
