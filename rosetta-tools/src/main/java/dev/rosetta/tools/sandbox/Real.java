package dev.rosetta.tools.sandbox;

import java.io.IOException;
import java.nio.file.Path;

/** Real paths, also of what does not exist yet: the nearest folder that does, made real, with the rest after it. */
final class Real {

    private Real() {}

    static Path path(Path path) {
        Path absolute = path.toAbsolutePath().normalize();
        Path existing = absolute;
        while (existing != null) {
            try {
                Path real = existing.toRealPath();
                return existing == absolute ? real : real.resolve(existing.relativize(absolute)).normalize();
            } catch (IOException e) {
                existing = existing.getParent();
            }
        }
        return absolute;
    }
}
