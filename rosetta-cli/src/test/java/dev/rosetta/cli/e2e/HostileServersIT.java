package dev.rosetta.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Providers that misbehave on purpose, as an outside probe's servers did (issue 10): errors that
 * quote the key or carry terminal escapes, bodies that are no reply, servers that never answer,
 * trickle or reset. Each run must end in one clear line, keep what arrived, and print no key.
 */
class HostileServersIT extends EndToEnd {

    private static String keyOf(Api api) {
        return api == Api.ANTHROPIC ? Sandbox.ANTHROPIC_KEY : Sandbox.OPENAI_KEY;
    }

    /** A transient error type in the API's own words, so that one before output is retried. */
    private static String transientError(Api api) {
        return api == Api.ANTHROPIC ? "overloaded_error" : "server_error";
    }

    private static String everything(Run run) {
        return run.stdout() + run.stderr();
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Api.class)
    void theKeyIsBlankedInAMidStreamErrorEvent(Api api) {
        model.script(new ScriptedReply.StreamError("Half an answer", "invalid_request_error",
                "upstream rejected key " + keyOf(api)));

        Run run = sandbox.rosetta("-n", "-m", api.model(), "say something");

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(55); // the model failed
        assertThat(run.stderr()).as(run.toString()).contains("upstream rejected key [the API key]");
        assertThat(run.stdout()).contains("Half an answer");
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Api.class)
    void theKeyIsBlankedInTheRetryNoticeOfAnErrorBeforeOutput(Api api) {
        model.script(new ScriptedReply.StreamError("", transientError(api), "upstream rejected key " + keyOf(api)),
                ScriptedReply.text("After ", "the retry."));

        Run run = sandbox.rosetta("-n", "-m", api.model(), "say something");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(everything(run)).as(run.toString()).contains("upstream rejected key [the API key]")
                .contains("retrying in").contains("(2/5)");
        assertThat(run.stdout()).contains("After the retry.");
    }

    /** An OSC 0 title, an OSC 52 clipboard write, a screen clear, a C1 CSI and a bidi override. */
    private static final String ESCAPES = "\u001b]0;owned\u0007\u001b]52;c;ZWNobyBvd25lZA==\u0007\u001b[2J\u009b31m\u202e";

    static List<Arguments> apisAndOutputFormats() {
        List<Arguments> all = new ArrayList<>();
        for (Api api : Api.values()) {
            all.add(Arguments.of(api, "text"));
            all.add(Arguments.of(api, "json"));
        }
        return all;
    }

    /**
     * Issue 10 #1: escape-laden error bodies (JSON and HTML), error events mid-stream and before
     * output (then a retry notice), in text and JSON output. The sandbox fails any run whose stdout
     * or stderr holds a raw control character; here each must also say what the server said.
     */
    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("apisAndOutputFormats")
    void noEscapeFromAProviderReachesTheTerminalInEitherOutputFormat(Api api, String outputFormat) {
        model.script(new ScriptedReply.StreamError("Text ", "invalid_request_error", "bad" + ESCAPES),
                new ScriptedReply.Status(400, Map.of(), "bad" + ESCAPES),
                new ScriptedReply.Raw(403, "text/html", "<html><title>Forbidden by the proxy" + ESCAPES + "</title></html>\n"),
                new ScriptedReply.Raw(200, "text/html", "<html><title>Log in" + ESCAPES + "</title></html>\n"),
                new ScriptedReply.StreamError("", transientError(api), "busy" + ESCAPES),
                ScriptedReply.text("After ", "the retry."));
        sandbox.env().put("ROSETTA_REPLY_TIMEOUT", "20");
        List<Run> failed = new ArrayList<>();
        for (String prompt : List.of("stream error", "json body", "html body", "html 200")) {
            failed.add(sandbox.rosetta("-n", "-m", api.model(), "--output-format", outputFormat, prompt));
        }
        Run retried = sandbox.rosetta("-n", "-m", api.model(), "--output-format", outputFormat, "retried");

        for (Run run : failed) {
            assertThat(run.exitCode()).as(run.toString()).isNotZero();
            assertThat(run.errorLines()).as(run.toString()).last().asString().startsWith("rosetta: ")
                    .contains("owned");
        }
        assertThat(failed.get(2).stderr()).contains("Forbidden by the proxy");
        assertThat(retried.exitCode()).as(retried.toString()).isZero();
        assertThat(everything(retried)).contains("busy").contains("owned").contains("retrying in");
    }

    @Test
    void aStreamThatNeverSendsANewlineEndsWithAClearErrorNotOutOfMemory() {
        model.script(new ScriptedReply.Raw("text/event-stream", "x".repeat((16 << 20) + 16)));

        Run run = sandbox.rosetta("-n", "-m", Api.CHAT_COMPLETIONS.model(), "say something");

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(55); // the model failed
        assertThat(run.errorLines()).as(run.toString()).singleElement().asString().startsWith("rosetta: ")
                .contains("a line longer than 16 MiB");
        assertThat(run.stderr()).doesNotContain("NegativeArraySize").doesNotContain("OutOfMemory");
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Api.class)
    void anHtmlPageWithStatus200IsReportedAsWhatArrived(Api api) {
        model.script(new ScriptedReply.Raw("text/html; charset=utf-8",
                "<html><head><title>Hotel Wi-Fi: please log in</title></head><body>…</body></html>\n"));

        Run run = sandbox.rosetta("-n", "-m", api.model(), "say something");

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(55); // the model failed
        assertThat(run.errorLines()).as(run.toString()).singleElement().asString()
                .contains("HTTP 200").contains("text/html").contains("Hotel Wi-Fi: please log in")
                .doesNotContain("stopped before replying");
    }

    @Test
    void aJsonErrorBodyWithStatus200IsReportedAsTheErrorItHolds() {
        model.script(new ScriptedReply.Raw("application/json", "{\"error\":{\"message\":\"You exceeded your current"
                + " quota, please check your plan and billing details.\",\"type\":\"insufficient_quota\","
                + "\"code\":\"insufficient_quota\"}}"));

        Run run = sandbox.rosetta("-n", "-m", Api.CHAT_COMPLETIONS.model(), "say something");

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(55); // the model failed
        assertThat(run.errorLines()).as(run.toString()).singleElement().asString()
                .contains("You exceeded your current quota").contains("check the plan and billing");
        assertThat(model.requests()).as("a used-up quota is not retried").hasSize(1);
    }

    @Test
    void aServerThatAcceptsAndNeverAnswersEndsAtTheReplyTimeLimit() {
        sandbox.env().put("ROSETTA_REPLY_TIMEOUT", "2");
        model.script(new ScriptedReply.Silent());

        Run run = sandbox.rosetta("-n", "-m", Api.CHAT_COMPLETIONS.model(), "say something");

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(55); // the model failed
        assertThat(run.errorLines()).as(run.toString()).singleElement().asString()
                .contains("did not reply within the reply time limit of 2 s").contains("ROSETTA_REPLY_TIMEOUT");
    }

    @Test
    void aReplyThatTricklesPastTheTimeLimitStopsThereAndKeepsWhatArrived() {
        sandbox.env().put("ROSETTA_REPLY_TIMEOUT", "3");
        model.script(new ScriptedReply.Trickle("A reply that arrives one byte after another. ".repeat(40)));

        Run run = sandbox.rosetta("-n", "-m", Api.ANTHROPIC.model(), "say something");

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(55); // the model failed
        assertThat(run.errorLines()).as(run.toString()).singleElement().asString()
                .contains("took longer than the reply time limit of 3 s");
        assertThat(run.stdout()).contains("A reply that arrives");
    }

    @Test
    void eachRetryIsShownAndWhenEveryOneFailsTheUserIsTold() {
        for (int i = 0; i < 5; i++) {
            model.script(ScriptedReply.rateLimited("0"));
        }

        Run run = sandbox.rosetta("-n", "-m", Api.RESPONSES.model(), "say something");

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(55); // the model failed
        assertThat(everything(run)).as(run.toString()).contains("retrying in 0 ms (2/5)").contains("(3/5)")
                .contains("(4/5)").contains("(5/5)");
        assertThat(run.errorLines()).as(run.toString()).last().asString().startsWith("rosetta: ")
                .contains("HTTP 429").contains("gave up after 5 attempts");
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Api.class)
    void aStreamResetTheMomentItsTextIsSentKeepsTheText(Api api) {
        AtomicReference<Sandbox.Launched> launched = new AtomicReference<>();
        try (ResettingProvider resetting = new ResettingProvider(api, "The first half of an answer",
                () -> shown(launched.get(), "The first half of an answer"))) {
            sandbox.env().putAll(resetting.baseUrls());

            launched.set(sandbox.launch("-n", "-m", api.model(), "say something long"));
            Run run = sandbox.finish(launched.get());

            assertThat(run.exitCode()).as(run.toString()).isEqualTo(55); // the model failed
            assertThat(run.stdout()).as(run.toString()).contains("The first half of an answer");
            assertThat(run.errorLines()).as(run.toString()).singleElement().asString()
                    .contains("mid-reply; the part of the reply that arrived is kept");
            assertThat(resetting.requests()).as("what arrived is an answer: not asked again").isEqualTo(1);
        }
    }

    /** Whether the running rosetta has written {@code text} to its stdout. */
    private static boolean shown(Sandbox.Launched run, String text) {
        try {
            return run != null && Files.readString(run.out()).contains(text);
        } catch (IOException e) {
            return false;
        }
    }
}
