package dev.rosetta.agent.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.rosetta.core.RosettaException;

class SuitesTest {

    @TempDir
    Path dir;

    private void task(String path) throws Exception {
        Path file = dir.resolve(path);
        Files.createDirectories(file.getParent());
        Files.writeString(file, "prompt = \"p\"\ncheck = \"true\"\n");
    }

    @Test
    void aFolderIsEverySuiteAtOrUnderIt() throws Exception {
        task("mine/a.toml");
        task("mine/deeper/b.toml");
        task("mine/deeper/c.toml");
        assertThat(Suites.load(List.of("mine"), dir)).extracting(EvalTask::id)
                .containsExactly("mine/a", "deeper/b", "deeper/c");
    }

    @Test
    void aTaskFileAndAShippedSuiteAreFoundByName() throws Exception {
        task("x/one.toml");
        assertThat(Suites.load(List.of("x/one.toml"), dir)).extracting(EvalTask::id).containsExactly("x/one");
        assertThat(Suites.load(List.of("python"), dir)).isNotEmpty().allMatch(t -> t.suite().equals("python"));
        assertThatThrownBy(() -> Suites.load(List.of("nowhere"), dir)).isInstanceOf(RosettaException.class)
                .hasMessageContaining("shipped: ").hasMessageContaining("python");
    }

    @Test
    void globsMatchTheIdOrTheName() throws Exception {
        task("s/fix-a.toml");
        task("s/fix-b.toml");
        task("s/write.toml");
        List<EvalTask> all = Suites.load(List.of("s"), dir);
        assertThat(Suites.select(all, Optional.of("fix-*"))).hasSize(2);
        assertThat(Suites.select(all, Optional.of("s/w*,s/fix-a"))).extracting(EvalTask::name)
                .containsExactly("fix-a", "write");
        assertThatThrownBy(() -> Suites.select(all, Optional.of("zzz"))).hasMessageContaining("matches none");
    }

    @Test
    void aBadTaskFileStopsTheLoadNamingTheFile() throws Exception {
        task("bad/ok.toml");
        Files.writeString(dir.resolve("bad/broken.toml"), "prompt = \"p\"\nchek = \"true\"\n");
        assertThatThrownBy(() -> Suites.load(List.of("bad"), dir)).hasMessageContaining("broken.toml:2")
                .hasMessageContaining("chek");
    }
}
