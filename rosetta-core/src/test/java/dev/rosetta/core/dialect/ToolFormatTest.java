package dev.rosetta.core.dialect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import dev.rosetta.core.tool.BuiltinTools;

/** Formats are found by the names users type, and each native dialect's format reads it first. */
class ToolFormatTest {

    @Test
    void nativeDialectFormatsHaveTheirDialectsNames() {
        assertThat(ToolFormat.of("hermes")).isSameAs(ToolFormat.HERMES);
        assertThat(ToolFormat.of("qwen3-coder")).isSameAs(ToolFormat.QWEN3_CODER);
        assertThat(ToolFormat.of(" GLM ")).isSameAs(ToolFormat.GLM);
    }

    @ParameterizedTest
    @EnumSource(ToolFormat.class)
    void everyFormatsIdIsItsDialectsName(ToolFormat format) {
        assertThat(format.id()).isEqualTo(format.dialect().name());
        assertThat(ToolFormat.of(format.id())).isSameAs(format);
    }

    @ParameterizedTest
    @EnumSource(ToolFormat.class)
    void everyFormatHasAReaderForEveryDialectThenTheReadOnlyFamiliesAndTheSchemaGuidedOne(ToolFormat format) {
        assertThat(format.readers(BuiltinTools.catalog())).hasSize(ToolFormat.values().length + ToolFormat.readOnly().size() + 1);
    }

    @ParameterizedTest
    @EnumSource(value = ToolFormat.class, names = {"HERMES", "QWEN3_CODER", "GLM"})
    void nativeDialectFormatReadsItsOwnDialectFirst(ToolFormat format) {
        assertThat(format.readers(BuiltinTools.catalog()).get(0).getClass())
                .isSameAs(format.dialect().reader(BuiltinTools.catalog()).getClass());
    }

    @Test
    void allReadersHaveOneReaderPerDialectInRegistrationOrderThenTheReadOnlyFamiliesThenTheSchemaGuidedOne() {
        List<Class<?>> expected = new java.util.ArrayList<>(java.util.Arrays.stream(ToolFormat.values())
                .<Class<?>>map(f -> f.dialect().reader(BuiltinTools.catalog()).getClass()).toList());
        ToolFormat.readOnly().forEach(d -> expected.add(d.reader(BuiltinTools.catalog()).getClass()));
        expected.add(dev.rosetta.core.dialect.schema.SchemaGuidedDialect.INSTANCE.reader(BuiltinTools.catalog()).getClass());
        assertThat(ToolFormat.allReaders(BuiltinTools.catalog()).stream().<Class<?>>map(Object::getClass).toList())
                .isEqualTo(expected);
    }

    @Test
    void unknownFormatNamesTheValidOnes() {
        assertThatThrownBy(() -> ToolFormat.of("qwen")).hasMessageContaining("qwen3-coder").hasMessageContaining("hermes");
    }
}
