package dev.rosetta.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every native dialect as {@code --tool-format} with a model that writes its calls in text (a
 * local server without a tool parser): the prompt describes the tools in the shape the model was
 * trained on, and the call it prints after prose (on the same line where the dialect allows it,
 * on the next for bare JSON and Python lists) runs, its result reaching the next request.
 */
class NativeDialectsIT extends EndToEnd {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiterString = "§", textBlock = """
            hermes      § <tool_call>{"name": "shell", "arguments": {"command": "echo e2e-marker-$((6*7))"}}</tool_call> § <tools>
            qwen3-coder § <tool_call>\\n<function=shell>\\n<parameter=command>\\necho e2e-marker-$((6*7))\\n</parameter>\\n</function>\\n</tool_call> § <function=example_function_name>
            glm         § <tool_call>shell\\n<arg_key>command</arg_key>\\n<arg_value>echo e2e-marker-$((6*7))</arg_value>\\n</tool_call> § <arg_key>{arg-key-1}</arg_key>
            mistral     § [TOOL_CALLS]shell[ARGS]{"command": "echo e2e-marker-$((6*7))"} § [TOOL_CALLS]NAME[ARGS]
            llama3      § \\n{"name": "shell", "parameters": {"command": "echo e2e-marker-$((6*7))"}} § {"name": FUNCTION_NAME
            pythonic    § \\n[shell(command="echo e2e-marker-$((6*7))")] § Python list on a line of its own
            deepseek    § <｜tool▁calls▁begin｜><｜tool▁call▁begin｜>shell<｜tool▁sep｜>{"command": "echo e2e-marker-$((6*7))"}<｜tool▁call▁end｜><｜tool▁calls▁end｜> § <｜tool▁sep｜>
            kimi        § <|tool_calls_section_begin|><|tool_call_begin|>functions.shell:0<|tool_call_argument_begin|>{"command": "echo e2e-marker-$((6*7))"}<|tool_call_end|><|tool_calls_section_end|> § <|tool_call_argument_begin|>
            harmony     § <|channel|>commentary to=functions.shell <|constrain|>json<|message|>{"command": "echo e2e-marker-$((6*7))"}<|call|> § namespace functions
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
        assertThat(run.stdout()).contains("The marker is 42.").doesNotContain("<tool_call>")
                .as("the call's markup is not shown as prose").doesNotContain(call.replace("\\n", "\n").strip());
    }
}
