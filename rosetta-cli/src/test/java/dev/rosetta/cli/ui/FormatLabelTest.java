package dev.rosetta.cli.ui;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.llm.model.DialectOrigin;
import dev.rosetta.llm.model.ModelInfo;

/** The status line's format: marked when it is the native dialect read off the model's chat template, or auto chose it. */
class FormatLabelTest {

    private static final ModelInfo READ_OFF_TEMPLATE = ModelInfo.generic("local", "model.gguf").withNativeDialect("glm",
            new DialectOrigin(DialectOrigin.Source.CHAT_TEMPLATE, "its chat template writes calls with <arg_key>"));

    @Test
    void aFormatReadOffTheChatTemplateIsMarkedSo() {
        assertThat(TurnView.formatLabel(READ_OFF_TEMPLATE, ToolFormat.GLM)).isEqualTo("glm (template)");
    }

    @Test
    void anotherFormatOrADialectFromTheNameIsJustItsName() {
        assertThat(TurnView.formatLabel(READ_OFF_TEMPLATE, ToolFormat.TOOL)).isEqualTo("tool");
        ModelInfo byName = ModelInfo.generic("ollama", "qwen3:8b").withNativeDialect("hermes",
                new DialectOrigin(DialectOrigin.Source.NAME, "its name"));
        assertThat(TurnView.formatLabel(byName, ToolFormat.HERMES)).isEqualTo("hermes");
    }

    @Test
    void aFormatAutoChoseIsMarkedAuto() {
        ModelInfo model = ModelInfo.generic("openai", "gpt-4o");
        assertThat(TurnView.formatLabel(model, ToolFormat.TOOL, "auto: best for gpt-4o in published results"))
                .isEqualTo("tool (auto)");
        assertThat(TurnView.formatLabel(model, ToolFormat.TOOL, "--tool-format")).isEqualTo("tool");
        assertThat(TurnView.formatLabel(model, ToolFormat.TOOL, null)).isEqualTo("tool");
    }
}
