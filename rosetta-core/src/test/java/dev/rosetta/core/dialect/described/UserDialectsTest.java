package dev.rosetta.core.dialect.described;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.split.Segment;
import dev.rosetta.core.split.StreamSplitter;
import dev.rosetta.core.tool.ToolCatalog;
import dev.rosetta.core.tool.ToolSpec;
import tools.jackson.dataformat.toml.TomlMapper;

class UserDialectsTest {

    private static List<DescribedDialect> read(String toml) {
        return UserDialects.read(new TomlMapper().readTree(toml).get("dialects"), List.of("dialects"));
    }

    @Test
    void aUserEntryNamedLikeABuiltInDialectIsRefusedNamingTheKey() {
        assertThatThrownBy(() -> read("[[dialects]]\nname = \"hermes\"\nshape = \"json\"\nopen = \"<x>\"\n"))
                .isInstanceOf(DescriptionException.class)
                .hasMessage("dialects[1].name: 'hermes' is a built-in dialect; give yours a name of its own, like"
                        + " name = \"hermes-mine\"");
    }

    @Test
    void aUserEntryNamedAutoIsRefused() {
        assertThatThrownBy(() -> read("[[dialects]]\nname = \"auto\"\nshape = \"json\"\nopen = \"<x>\"\n"))
                .hasMessageContaining("'auto' is a format option");
    }

    @Test
    void theCodeShapeIsRefusedInsteadOfFailingWhenTheFirstMessageIsRead() {
        assertThatThrownBy(() -> read("[[dialects]]\nname = \"mine\"\nshape = \"code\"\nopen = \"<x>\"\ntool = \"shell\"\n"))
                .isInstanceOf(DescriptionException.class).hasMessageStartingWith("dialects[1].shape: 'code' is not read");
    }

    @Test
    void aTypoInAKeyIsAnErrorListingTheKeys() {
        assertThatThrownBy(() -> read("[[dialects]]\nname = \"mine\"\nshape = \"json\"\nopen = \"<x>\"\nclsoe = \"</x>\"\n"))
                .hasMessageStartingWith("dialects[1].clsoe: is not a key of a dialect; the keys are: name,");
    }

    @Test
    void aTagsShapeCloserThatIsNoTagIsRefusedInsteadOfFailingWhenTheFirstMessageIsRead() {
        assertThatThrownBy(() -> read("[[dialects]]\nname = \"mine\"\nshape = \"tags\"\nopen = \"[X]\"\nclose = \"[/X]\"\n"
                + "functions = [\"<function=\"]\nparameters = [\"<parameter=\"]\n"))
                .isInstanceOf(DescriptionException.class).hasMessageStartingWith("dialects[1].close: '[/X]' does not start");
    }

    @Test
    void aUserDialectReadsItsCallsInAutoAndAsDriftInEveryFormat() {
        DescribedDialect mine = read("""
                [[dialects]]
                name = "acme"
                shape = "json"
                open = "<|acme_call|>"
                close = "<|acme_end|>"
                reasoning = [["<|acme_think|>", "<|acme_thought|>"]]
                """).get(0);
        ToolCatalog tools = ToolCatalog.of(ToolSpec.named("lookup"));
        String message = "<|acme_think|>maybe <|acme_call|>{\"name\": \"lookup\", \"arguments\": {}}<|acme_end|>"
                + "<|acme_thought|>\n<|acme_call|>{\"name\": \"lookup\", \"arguments\": {\"q\": \"x\"}}<|acme_end|>";
        for (ToolFormat format : ToolFormat.values()) {
            List<Segment> segments = StreamSplitter.split(message, format.readers(tools, List.of(mine)));
            assertThat(segments).as(format.id()).filteredOn(Segment.Call.class::isInstance).singleElement()
                    .satisfies(s -> assertThat(((Segment.Call) s).dialect()).isSameAs(mine));
            assertThat(segments).as(format.id()).anyMatch(Segment.Thinking.class::isInstance);
        }
        assertThat(StreamSplitter.split(message, ToolFormat.allReaders(tools, List.of(mine))))
                .filteredOn(Segment.Call.class::isInstance).hasSize(1);
    }
}
