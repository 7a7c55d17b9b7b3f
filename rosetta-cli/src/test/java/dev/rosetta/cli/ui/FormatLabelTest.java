package dev.rosetta.cli.ui;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.llm.model.DialectOrigin;
import dev.rosetta.llm.model.ModelInfo;

/** The status line's format: marked when it is the native dialect read off the model's chat template. */
class FormatLabelTest {

    private static final ModelInfo READ_OFF_TEMPLATE = ModelInfo.generic("local", "model.gguf").withNativeDialect("glm",
            new DialectOrigin(DialectOrigin.Source.CHAT_TEMPLATE, "its chat template writes calls with <arg_key>"));

    @Test
    void aFormatReadOffTheChatTemplateIsMarkedSo() {
        assertThat(TurnRunner.formatLabel(READ_OFF_TEMPLATE, ToolFormat.GLM)).isEqualTo("glm (template)");
    }

    @Test
    void anotherFormatOrADialectFromTheNameIsJustItsName() {
        assertThat(TurnRunner.formatLabel(READ_OFF_TEMPLATE, ToolFormat.TOOL)).isEqualTo("tool");
        ModelInfo byName = ModelInfo.generic("ollama", "qwen3:8b").withNativeDialect("hermes",
                new DialectOrigin(DialectOrigin.Source.NAME, "its name"));
        assertThat(TurnRunner.formatLabel(byName, ToolFormat.HERMES)).isEqualTo("hermes");
    }
}
