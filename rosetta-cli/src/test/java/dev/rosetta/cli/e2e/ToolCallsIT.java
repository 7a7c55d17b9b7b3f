package dev.rosetta.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import dev.rosetta.cli.e2e.ScriptedReply.Streamed;

/**
 * A save, a shell command and a patch, each in every tool format over every API: the call runs
 * in the workspace and its result is in the next request the model gets.
 */
class ToolCallsIT extends EndToEnd {

    static Stream<Arguments> everyApiAndFormat() {
        List<Arguments> out = new ArrayList<>();
        for (Api api : Api.values()) {
            for (Format format : Format.values()) {
                out.add(Arguments.of(api, format));
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("everyApiAndFormat")
    void saveWritesTheFileAndItsResultReachesTheNextRequest(Api api, Format format) throws Exception {
        Streamed saving = format.reply("I'll write it.\n", ModelCall.save("hello.py", "print('hello')\n"));
        model.script(saving, ScriptedReply.text("Saved ", "hello.py."));

        Run run = sandbox.rosetta("-n", "-m", api.model(), "--tool-format", format.id(), "write hello.py");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(sandbox.workspace().resolve("hello.py")).hasContent("print('hello')\n");
        List<WireRequest> requests = requestsTo(api);
        assertThat(requests).hasSize(2);
        assertThat(resultIn(requests.get(1), format)).contains("hello.py");
        assertThat(run.stdout()).contains("Saved hello.py.");
    }

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("everyApiAndFormat")
    void shellOutputReachesTheNextRequest(Api api, Format format) {
        model.script(format.reply("Running it.\n", ModelCall.shell("echo e2e-marker-$((6*7))")),
                ScriptedReply.text("The marker is 42."));

        Run run = sandbox.rosetta("-n", "-m", api.model(), "--tool-format", format.id(), "print the marker");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        List<WireRequest> requests = requestsTo(api);
        assertThat(requests).hasSize(2);
        assertThat(requests.get(0).stringsContaining("e2e-marker-42")).isZero();
        assertThat(resultIn(requests.get(1), format)).contains("e2e-marker-42");
    }

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("everyApiAndFormat")
    void patchChangesTheFileAndItsResultReachesTheNextRequest(Api api, Format format) throws Exception {
        Files.writeString(sandbox.workspace().resolve("greet.py"), "def greet():\n    print('hi')\n\ngreet()\n");
        model.script(format.reply("Changing the greeting.\n",
                        ModelCall.patch("greet.py", "    print('hi')\n", "    print('hello, world')\n")),
                ScriptedReply.text("Done."));

        Run run = sandbox.rosetta("-n", "-m", api.model(), "--tool-format", format.id(), "greet the world");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(sandbox.workspace().resolve("greet.py"))
                .hasContent("def greet():\n    print('hello, world')\n\ngreet()\n");
        List<WireRequest> requests = requestsTo(api);
        assertThat(requests).hasSize(2);
        assertThat(resultIn(requests.get(1), format)).contains("greet.py");
    }

    /**
     * The one tool result of a request: tied to its call in {@code tool} format, a system
     * message after the assistant's in the others.
     */
    static String resultIn(WireRequest request, Format format) {
        if (format == Format.TOOL) {
            List<WireResult> results = request.results();
            assertThat(results).hasSize(1);
            List<ModelCall> calls = request.calls();
            assertThat(calls).hasSize(1);
            assertThat(results.getFirst().callId()).isEqualTo(calls.getFirst().id());
            return results.getFirst().output();
        }
        assertThat(request.results()).as("no native results in %s", format).isEmpty();
        List<String> messages = request.messages();
        assertThat(messages).as("user, assistant, result").hasSizeGreaterThanOrEqualTo(3);
        return messages.getLast();
    }
}
