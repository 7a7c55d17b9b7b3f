package dev.rosetta.llm.fallback;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.rosetta.core.message.Message;
import dev.rosetta.core.tool.BuiltinTools;
import dev.rosetta.llm.ChatEvent;
import dev.rosetta.llm.ChatEvent.Finished;
import dev.rosetta.llm.ChatEvent.Notice;
import dev.rosetta.llm.ChatEvent.TextDelta;
import dev.rosetta.llm.ChatEvent.Usage;
import dev.rosetta.llm.ChatRequest;
import dev.rosetta.llm.ChatStream;
import dev.rosetta.llm.Provider;
import dev.rosetta.llm.ProviderException;
import dev.rosetta.llm.ProviderException.Kind;
import dev.rosetta.llm.StopReason;

/** The chain's logic, with small scripted providers standing in for the real ones. */
class FallbackProviderTest {

    private final ScriptedProvider openai = new ScriptedProvider("openai", true);
    private final ScriptedProvider anthropic = new ScriptedProvider("anthropic", true);
    private final ScriptedProvider gemini = new ScriptedProvider("gemini", false);

    private final ChatRequest request = new ChatRequest("gpt-4.1", List.of(Message.system("be brief"),
            Message.user("hi")), List.of(), 1000, 0.2, List.of("STOP"), null, true);

    private static final Finished END = new Finished(StopReason.END_TURN, "stop", null);

    private FallbackProvider chain(FallbackCandidate... candidates) {
        return new FallbackProvider(List.of(candidates));
    }

    private FallbackProvider openaiThenAnthropic() {
        return chain(new FallbackCandidate(openai, "gpt-4.1"), new FallbackCandidate(anthropic, "claude-sonnet-4-5"));
    }

    private static ProviderException status(Kind kind, int status, String provider, String said) {
        return new ProviderException(kind, status, provider + " answered HTTP " + status + ": " + said, said, null);
    }

    private static List<ChatEvent> drain(ChatStream stream) throws ProviderException {
        List<ChatEvent> events = new ArrayList<>();
        for (ChatEvent e = stream.next(); e != null; e = stream.next()) {
            events.add(e);
        }
        return events;
    }

    @Test
    void theFirstModelAnswersWithoutANotice() throws Exception {
        openai.replies(new TextDelta("hello"), END);
        assertThat(drain(openaiThenAnthropic().chat(request))).containsExactly(new TextDelta("hello"), END);
        assertThat(anthropic.requests).isEmpty();
    }

    @Test
    void anExhaustedModelHandsTheSameRequestToTheNextWithANoticeFirst() throws Exception {
        openai.failsWith(status(Kind.RATE_LIMITED, 429, "openai", "Rate limit reached"));
        anthropic.replies(new TextDelta("hi there"), END);

        List<ChatEvent> events = drain(openaiThenAnthropic().chat(request));

        assertThat(events).containsExactly(
                new Notice("openai/gpt-4.1 is rate limited (HTTP 429); switching to anthropic/claude-sonnet-4-5"),
                new TextDelta("hi there"), END);
        ChatRequest sent = anthropic.requests.getFirst();
        assertThat(sent.model()).isEqualTo("claude-sonnet-4-5");
        assertThat(sent).usingRecursiveComparison().ignoringFields("model").isEqualTo(request);
    }

    @Test
    void eachKindOfExhaustionIsNamedInTheNotice() throws Exception {
        ScriptedProvider third = new ScriptedProvider("deepseek", true);
        openai.failsWith(status(Kind.OVERLOADED, 529, "openai", "Overloaded"));
        anthropic.failsWith(new ProviderException(Kind.CONNECTION, "anthropic refused the connection"));
        third.replies(END);
        var chain = chain(new FallbackCandidate(openai, "gpt-4.1"), new FallbackCandidate(anthropic, "claude-sonnet-4-5"),
                new FallbackCandidate(third, "deepseek-chat"));

        assertThat(drain(chain.chat(request))).containsExactly(
                new Notice("openai/gpt-4.1 is overloaded (HTTP 529); switching to anthropic/claude-sonnet-4-5"),
                new Notice("anthropic/claude-sonnet-4-5 could not be reached; switching to deepseek/deepseek-chat"), END);
    }

    @Test
    void aWrongKeyIsThrownAtOnceAndNotMaskedBySwitching() {
        ProviderException auth = status(Kind.AUTH, 401, "openai", "Incorrect API key provided");
        openai.failsWith(auth);
        assertThatThrownBy(() -> openaiThenAnthropic().chat(request)).isSameAs(auth);
        assertThat(anthropic.requests).isEmpty();
    }

    @Test
    void aBadRequestAfterASwitchIsThrownAsItIsWithTheEarlierFailureAttached() {
        ProviderException limited = status(Kind.RATE_LIMITED, 429, "openai", "Rate limit reached");
        ProviderException bad = status(Kind.BAD_REQUEST, 400, "anthropic", "max_tokens: too large");
        openai.failsWith(limited);
        anthropic.failsWith(bad);
        ProviderException thrown = catchThrowableOfType(ProviderException.class, () -> openaiThenAnthropic().chat(request));
        assertThat(thrown).isSameAs(bad);
        assertThat(thrown.getSuppressed()).containsExactly(limited);
    }

    @Test
    void whenEveryModelIsExhaustedTheErrorNamesEachFailure() {
        openai.failsWith(status(Kind.RATE_LIMITED, 429, "openai", "Rate limit reached"));
        anthropic.failsWith(status(Kind.OVERLOADED, 529, "anthropic", "Overloaded"));
        ProviderException e = catchThrowableOfType(ProviderException.class, () -> openaiThenAnthropic().chat(request));
        assertThat(e.getMessage()).isEqualTo("every model in the fallback chain failed: "
                + "openai/gpt-4.1: openai answered HTTP 429: Rate limit reached; "
                + "anthropic/claude-sonnet-4-5: anthropic answered HTTP 529: Overloaded");
        assertThat(e.kind()).isEqualTo(Kind.OVERLOADED);
        assertThat(e.status()).isEqualTo(529);
        assertThat(e.providerMessage()).isEqualTo("Overloaded");
        assertThat(e.exhaustsModel()).isTrue();
    }

    @Test
    void inTheToolFormatProvidersWithoutNativeToolsAreSkippedWithANotice() throws Exception {
        anthropic.replies(END);
        var chain = chain(new FallbackCandidate(gemini, "gemini-2.5-pro"), new FallbackCandidate(anthropic, "claude-sonnet-4-5"));

        List<ChatEvent> events = drain(chain.chat(request.withTools(List.of(BuiltinTools.SHELL))));

        assertThat(events).containsExactly(
                new Notice("gemini/gemini-2.5-pro is skipped: provider 'gemini' doesn't support native tool calling"),
                new Notice("using anthropic/claude-sonnet-4-5 instead"), END);
        assertThat(gemini.requests).isEmpty();
        assertThat(anthropic.requests.getFirst().tools()).containsExactly(BuiltinTools.SHELL);
    }

    @Test
    void aSkipBetweenAFailureAndTheNextModelIsReportedInOrder() throws Exception {
        openai.failsWith(status(Kind.SERVER, 503, "openai", "The server is overloaded"));
        anthropic.replies(END);
        var chain = chain(new FallbackCandidate(openai, "gpt-4.1"), new FallbackCandidate(gemini, "gemini-2.5-pro"),
                new FallbackCandidate(anthropic, "claude-sonnet-4-5"));

        assertThat(drain(chain.chat(request.withTools(List.of(BuiltinTools.SHELL))))).containsExactly(
                new Notice("gemini/gemini-2.5-pro is skipped: provider 'gemini' doesn't support native tool calling"),
                new Notice("openai/gpt-4.1 had a server error (HTTP 503); switching to anthropic/claude-sonnet-4-5"),
                END);
    }

    @Test
    void outsideTheToolFormatProvidersWithoutNativeToolsAreUsed() throws Exception {
        gemini.replies(END);
        var chain = chain(new FallbackCandidate(gemini, "gemini-2.5-pro"));
        assertThat(drain(chain.chat(request))).containsExactly(END);
    }

    @Test
    void aChainOfOneProviderWithoutNativeToolsFailsBeforeAnyRequest() {
        var chain = chain(new FallbackCandidate(gemini, "gemini-2.5-pro"));
        ProviderException e = catchThrowableOfType(ProviderException.class,
                () -> chain.chat(request.withTools(List.of(BuiltinTools.SHELL))));
        assertThat(e.kind()).isEqualTo(Kind.CONFIG);
        assertThat(e.getMessage()).isEqualTo(
                "Provider 'gemini' doesn't support native tool calling; use --tool-format native (the model's own text"
                        + " format), markdown or xml");
        assertThat(gemini.requests).isEmpty();
    }

    @Test
    void aChainWhereNoProviderTakesNativeToolsNamesThemAll() {
        ScriptedProvider groq = new ScriptedProvider("groq", false);
        var chain = chain(new FallbackCandidate(gemini, "gemini-2.5-pro"), new FallbackCandidate(groq, "llama-3.3-70b-versatile"));
        assertThatThrownBy(() -> chain.chat(request.withTools(List.of(BuiltinTools.SHELL))))
                .hasMessage("no model in the fallback chain supports native tool calling (gemini/gemini-2.5-pro, "
                        + "groq/llama-3.3-70b-versatile); use --tool-format native (the model's own text format),"
                        + " markdown or xml");
        assertThat(chain.supportsNativeTools()).isFalse();
    }

    @Test
    void theChainTakesNativeToolsWhenAnyModelDoes() {
        assertThat(chain(new FallbackCandidate(gemini, "g"), new FallbackCandidate(openai, "o")).supportsNativeTools()).isTrue();
        assertThat(chain(new FallbackCandidate(gemini, "g")).name()).isEqualTo("fallback");
    }

    @Test
    void aFailureInTheStreamBeforeAnyOutputSwitchesAndDropsThatModelsUsage() throws Exception {
        // Anthropic can answer 200, report usage in message_start, then send an overloaded error event
        openai.replies(new Usage(1200, 1, 0, 0), status(Kind.OVERLOADED, 0, "openai", "Overloaded"));
        anthropic.replies(new Usage(900, 1, 0, 0), new TextDelta("ok"), new Usage(900, 5, 0, 0), END);

        List<ChatEvent> events = drain(openaiThenAnthropic().chat(request));

        assertThat(events).containsExactly(
                new Notice("openai/gpt-4.1 is overloaded; switching to anthropic/claude-sonnet-4-5"),
                new Usage(900, 1, 0, 0), new TextDelta("ok"), new Usage(900, 5, 0, 0), END);
        assertThat(openai.replies.getFirst().closed).isTrue();
    }

    @Test
    void anInterruptedEndBeforeAnyOutputCountsAsExhaustion() throws Exception {
        openai.replies(new Finished(StopReason.INTERRUPTED, "error",
                status(Kind.OVERLOADED, 529, "openai", "Overloaded")));
        anthropic.replies(new TextDelta("ok"), END);
        assertThat(drain(openaiThenAnthropic().chat(request))).containsExactly(
                new Notice("openai/gpt-4.1 is overloaded (HTTP 529); switching to anthropic/claude-sonnet-4-5"),
                new TextDelta("ok"), END);
    }

    @Test
    void aStreamCutAfterOutputBeganIsNotMaskedBySwitching() throws Exception {
        Finished cut = new Finished(StopReason.INTERRUPTED, null,
                new ProviderException(Kind.STREAM_CUT, "the openai stream broke after 12 characters"));
        openai.replies(new TextDelta("partial "), cut);
        assertThat(drain(openaiThenAnthropic().chat(request))).containsExactly(new TextDelta("partial "), cut);
        assertThat(anthropic.requests).isEmpty();
    }

    @Test
    void anExhaustingErrorAfterOutputBeganPassesThroughToo() {
        ProviderException overloaded = status(Kind.OVERLOADED, 0, "openai", "Overloaded");
        openai.replies(new TextDelta("partial"), overloaded);
        assertThatThrownBy(() -> drain(openaiThenAnthropic().chat(request))).isSameAs(overloaded);
        assertThat(anthropic.requests).isEmpty();
    }

    @Test
    void theProvidersOwnRetryNoticesPassThroughAsTheyCome() throws Exception {
        Notice retry = new Notice("openai answered HTTP 429: slow down; retrying in 2 s (attempt 2 of 3)");
        openai.replies(retry, new TextDelta("x"), END);
        assertThat(drain(openaiThenAnthropic().chat(request))).containsExactly(retry, new TextDelta("x"), END);
    }

    @Test
    void anEmptyReplyIsAnAnswerNotAFailure() throws Exception {
        openai.replies(new Usage(10, 0, 0, 0), END);
        assertThat(drain(openaiThenAnthropic().chat(request))).containsExactly(new Usage(10, 0, 0, 0), END);
    }

    @Test
    void closingTheReplyClosesTheAnsweringModelsStream() throws Exception {
        openai.failsWith(status(Kind.RATE_LIMITED, 429, "openai", "Rate limit reached"));
        anthropic.replies(new TextDelta("a"), new TextDelta("b"), END);
        ChatStream stream = openaiThenAnthropic().chat(request);
        assertThat(stream.next()).isInstanceOf(Notice.class);
        assertThat(stream.next()).isEqualTo(new TextDelta("a"));

        stream.close();

        assertThat(anthropic.replies.getFirst().closed).isTrue();
        assertThat(stream.next()).isEqualTo(new Finished(StopReason.CANCELED, "canceled", null));
        assertThat(stream.next()).isNull();
    }

    @Test
    void closedWhileTheFirstModelFailsItDoesNotWakeTheNextModel() throws Exception {
        // a stream that only ever fails, even after close: the chain must not move on once the user stopped it
        Provider failing = new Provider() {
            public String name() {
                return "openai";
            }

            public boolean supportsNativeTools() {
                return true;
            }

            public ChatStream chat(ChatRequest r) {
                return new ChatStream() {
                    public ChatEvent next() throws ProviderException {
                        throw status(Kind.OVERLOADED, 0, "openai", "Overloaded");
                    }

                    public void close() {}
                };
            }
        };
        ChatStream stream = chain(new FallbackCandidate(failing, "gpt-4.1"), new FallbackCandidate(anthropic, "c")).chat(request);
        stream.close();
        assertThat(drain(stream)).containsExactly(new Finished(StopReason.CANCELED, "canceled", null));
        assertThat(anthropic.requests).isEmpty();
    }

    @Test
    void anEmptyChainIsRefused() {
        assertThatThrownBy(() -> new FallbackProvider(List.of())).isInstanceOf(IllegalArgumentException.class);
    }
}
