package dev.rosetta.agent.undo;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.rosetta.tools.Preview;
import dev.rosetta.tools.files.UnifiedDiff;

/** Issue 25 §3: /undo printed every diff line before asking (240,000 lines for 30 files). */
class DiffPagesTest {

    private static Rewind.FileRestore file(String name, int lines) {
        StringBuilder diff = new StringBuilder();
        for (int i = 0; i < lines; i++) {
            diff.append("+").append(name).append(" line ").append(i).append('\n');
        }
        return new Rewind.FileRestore(Path.of("/ws", name), new byte[0], false, false, diff.toString(),
                new UnifiedDiff.Stat(lines, 0), null, name, null);
    }

    @Test
    void theDiffsOf240000LinesComeAPageAtATimeEachLineOnceInOrder() {
        List<Rewind.FileRestore> files = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            files.add(file("f" + i, 8_000));
        }
        DiffPages pages = new DiffPages(files);

        List<Preview.FileChange> first = pages.next();
        assertThat(first).singleElement().satisfies(c -> {
            assertThat(c.path()).isEqualTo("f0");
            assertThat(c.diff().lines()).hasSize(DiffPages.PAGE_LINES).first().isEqualTo("+f0 line 0");
        });
        assertThat(pages.position()).isEqualTo("lines 1–200 of 240,000");
        int count = 1;
        StringBuilder all = new StringBuilder(first.getFirst().diff());
        while (pages.hasNext()) {
            pages.next().forEach(c -> all.append(c.diff()));
            count++;
        }
        assertThat(count).isEqualTo(240_000 / DiffPages.PAGE_LINES);
        assertThat(all.toString().lines()).hasSize(240_000).element(8_000).isEqualTo("+f1 line 0");
    }

    @Test
    void smallFilesShareAPage() {
        DiffPages pages = new DiffPages(List.of(file("a", 3), file("b", 5), file("c", 2)), 6);

        assertThat(pages.next()).extracting(Preview.FileChange::path).containsExactly("a", "b");
        assertThat(pages.position()).isEqualTo("lines 1–6 of 10");
        assertThat(pages.next()).extracting(Preview.FileChange::path).containsExactly("b", "c");
        assertThat(pages.hasNext()).isFalse();
    }
}
