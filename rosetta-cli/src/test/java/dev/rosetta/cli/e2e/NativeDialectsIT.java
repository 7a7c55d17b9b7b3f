package dev.rosetta.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code --tool-format hermes}, {@code qwen3-coder} and {@code glm} with a model that writes its
 * calls in text (a local server without a tool parser): the prompt describes the tools in the
 * shape the model was trained on, and the call it prints after prose on the same line runs.
 */
class NativeDialectsIT extends EndToEnd {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            hermes      | <tool_call>{"name": "shell", "arguments": {"command": "echo e2e-marker-$((6*7))"}}</tool_call> | <tools>
            qwen3-coder | <tool_call>\\n<function=shell>\\n<parameter=command>\\necho e2e-marker-$((6*7))\\n</parameter>\\n</function>\\n</tool_call> | <function=example_function_name>
            glm         | <tool_call>shell\\n<arg_key>command</arg_key>\\n<arg_value>echo e2e-marker-$((6*7))</arg_value>\\n</tool_call> | <arg_key>{arg-key-1}</arg_key>
            """)
    void callPrintedAfterProseRunsAndItsResultReachesTheNextRequest(String format, String call, String promptShape) {
        String text = "Running it." + call.replace("\\n", "\n");
        model.script(new ScriptedReply.Streamed(Format.pieces(text), List.of()), ScriptedReply.text("The marker is 42."));

        Run run = sandbox.rosetta("-n", "-m", Api.CHAT_COMPLETIONS.model(), "--tool-format", format, "print the marker");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        List<WireRequest> requests = requestsTo(Api.CHAT_COMPLETIONS);
        assertThat(requests).hasSize(2);
        assertThat(requests.get(0).systemPrompt()).contains(promptShape);
        assertThat(requests.get(0).results()).isEmpty();
        assertThat(requests.get(1).messages().getLast()).contains("e2e-marker-42");
        assertThat(run.stdout()).contains("The marker is 42.").doesNotContain("<tool_call>");
    }
}
