package dev.rosetta.llm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import dev.rosetta.core.json.Json;
import dev.rosetta.llm.ProviderException.Kind;

/**
 * The one error table, fed what the three APIs (and the compatible servers) really send: HTTP
 * error bodies with their status, and the error events and chunks inside a 200.
 */
class ProviderErrorsTest {

    static Stream<Arguments> statusBodies() {
        return Stream.of(
                row("openai 401 invalid_api_key", 401, """
                        {"error":{"message":"Incorrect API key provided: sk-****.","type":"invalid_request_error",\
                        "param":null,"code":"invalid_api_key"}}""", Kind.AUTH),
                row("openai 429 rate_limit_exceeded", 429, """
                        {"error":{"message":"Rate limit reached for gpt-4.1 on tokens per min (TPM)","type":"tokens",\
                        "param":null,"code":"rate_limit_exceeded"}}""", Kind.RATE_LIMITED),
                row("openai 429 insufficient_quota", 429, """
                        {"error":{"message":"You exceeded your current quota, please check your plan and billing\
                         details.","type":"insufficient_quota","param":null,"code":"insufficient_quota"}}""",
                        Kind.QUOTA),
                row("openai 400 context_length_exceeded", 400, """
                        {"error":{"message":"This model's maximum context length is 128000 tokens.",\
                        "type":"invalid_request_error","param":"messages","code":"context_length_exceeded"}}""",
                        Kind.BAD_REQUEST),
                row("openai 404 model_not_found", 404, """
                        {"error":{"message":"The model `gpt-9` does not exist","type":"invalid_request_error",\
                        "param":null,"code":"model_not_found"}}""", Kind.BAD_REQUEST),
                row("openai 500 server_error", 500, """
                        {"error":{"message":"The server had an error","type":"server_error","param":null,"code":null}}""",
                        Kind.SERVER),
                row("openai 503 overloaded engine", 503, """
                        {"error":{"message":"The engine is currently overloaded, please try again later",\
                        "type":"server_error","param":null,"code":null}}""", Kind.SERVER),
                row("anthropic 400 invalid_request_error", 400, anthropic("invalid_request_error"), Kind.BAD_REQUEST),
                row("anthropic 401 authentication_error", 401, anthropic("authentication_error"), Kind.AUTH),
                row("anthropic 402 billing_error", 402, anthropic("billing_error"), Kind.QUOTA),
                row("anthropic 403 permission_error", 403, anthropic("permission_error"), Kind.AUTH),
                row("anthropic 404 not_found_error", 404, anthropic("not_found_error"), Kind.BAD_REQUEST),
                row("anthropic 413 request_too_large", 413, anthropic("request_too_large"), Kind.BAD_REQUEST),
                row("anthropic 429 rate_limit_error", 429, anthropic("rate_limit_error"), Kind.RATE_LIMITED),
                row("anthropic 500 api_error", 500, anthropic("api_error"), Kind.SERVER),
                row("anthropic 504 timeout_error", 504, anthropic("timeout_error"), Kind.SERVER),
                row("anthropic 529 overloaded_error", 529, anthropic("overloaded_error"), Kind.OVERLOADED),
                row("openrouter 402 no credits", 402, """
                        {"error":{"code":402,"message":"Insufficient credits"}}""", Kind.QUOTA),
                row("vllm 422 BadRequestError", 422, """
                        {"object":"error","message":"max_tokens is too large","type":"BadRequestError","param":null,\
                        "code":422}""", Kind.BAD_REQUEST),
                row("a proxy's 502 page", 502, "<html><body>Bad Gateway</body></html>", Kind.SERVER),
                row("408 without a body", 408, "", Kind.SERVER),
                row("409 without a body", 409, "", Kind.SERVER),
                row("an unknown 418", 418, "I'm a teapot", Kind.BAD_REQUEST));
    }

    static Stream<Arguments> inStreamErrors() {
        return Stream.of(
                row("anthropic error event: overloaded_error", 0, anthropic("overloaded_error"), Kind.OVERLOADED),
                row("anthropic error event: rate_limit_error", 0, anthropic("rate_limit_error"), Kind.RATE_LIMITED),
                row("anthropic error event: api_error", 0, anthropic("api_error"), Kind.SERVER),
                row("anthropic error event: invalid_request_error", 0, anthropic("invalid_request_error"),
                        Kind.BAD_REQUEST),
                row("openai error chunk: server_error", 0, """
                        {"error":{"message":"The server had an error while processing your request.",\
                        "type":"server_error"}}""", Kind.SERVER),
                row("openai error chunk: insufficient_quota", 0, """
                        {"error":{"message":"You exceeded your current quota","type":"insufficient_quota",\
                        "code":"insufficient_quota"}}""", Kind.QUOTA),
                row("openrouter error chunk: numeric 429", 0, """
                        {"error":{"code":429,"message":"Rate limit exceeded upstream"}}""", Kind.RATE_LIMITED),
                row("openrouter error chunk: numeric 502", 0, """
                        {"error":{"code":502,"message":"Provider returned error"}}""", Kind.SERVER),
                row("vllm error object", 0, """
                        {"object":"error","message":"model is loading","type":"BadRequestError","code":400}""",
                        Kind.BAD_REQUEST),
                row("responses error event: rate_limit_exceeded", 0, """
                        {"type":"error","sequence_number":1,"code":"rate_limit_exceeded","message":"Rate limit reached",\
                        "param":null}""", Kind.RATE_LIMITED),
                row("responses error event: insufficient_quota", 0, """
                        {"type":"error","code":"insufficient_quota","message":"You exceeded your current quota"}""",
                        Kind.QUOTA),
                row("responses failed: server_error", 0, """
                        {"code":"server_error","message":"The model failed to generate a response."}""", Kind.SERVER),
                row("responses failed: invalid_prompt", 0, """
                        {"code":"invalid_prompt","message":"Invalid prompt"}""", Kind.BAD_REQUEST),
                row("responses failed: image_too_large", 0, """
                        {"code":"image_too_large","message":"Image too large"}""", Kind.BAD_REQUEST),
                row("responses failed: vector_store_timeout", 0, """
                        {"code":"vector_store_timeout","message":"Timed out"}""", Kind.SERVER),
                row("an error that is only a string", 0, """
                        {"error":"upstream went away"}""", Kind.SERVER),
                row("an error that says nothing", 0, "{}", Kind.SERVER));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("statusBodies")
    void anErrorStatusIsClassifiedByItsBodyThenItsStatus(String label, int status, String body, Kind kind) {
        ProviderException e = ProviderErrors.status("p", status, body);
        assertThat(e.kind()).isEqualTo(kind);
        assertThat(e.status()).isEqualTo(status);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("inStreamErrors")
    void anErrorInsideA200IsClassifiedByTheSameTable(String label, int status, String event, Kind kind) {
        assertThat(ProviderErrors.reported("p", Json.MAPPER.readTree(event)).kind()).isEqualTo(kind);
    }

    @Test
    void exhaustedQuotaIsQuotaInEveryApiAndNeitherRetriedNorTheEndOfAFallbackChain() {
        Kind asStatus = ProviderErrors.status("openai", 429, "{\"error\":{\"type\":\"insufficient_quota\"}}").kind();
        Kind asChunk = ProviderErrors.reported("openai", Json.MAPPER.readTree(
                "{\"error\":{\"code\":\"insufficient_quota\"}}")).kind();
        Kind asEvent = ProviderErrors.reported("openai", Json.MAPPER.readTree(
                "{\"type\":\"error\",\"code\":\"insufficient_quota\"}")).kind();
        assertThat(Stream.of(asStatus, asChunk, asEvent)).containsOnly(Kind.QUOTA);
        assertThat(Kind.QUOTA.isTransient()).isFalse();
        assertThat(new ProviderException(Kind.QUOTA, "").exhaustsModel()).isTrue();
    }

    @Test
    void aReportedErrorNamesItsCodeAndTheProvidersWords() {
        ProviderException e = ProviderErrors.reported("anthropic", Json.MAPPER.readTree(anthropic("overloaded_error")));
        assertThat(e.getMessage()).isEqualTo("anthropic reported overloaded_error: the provider's words");
        assertThat(e.providerMessage()).isEqualTo("the provider's words");
    }

    @Test
    void aFailureThatIsNotRetriedSaysWhatToDo() {
        assertThat(ProviderErrors.status("openai", 401, "{\"error\":{\"message\":\"Incorrect API key\"}}").getMessage())
                .isEqualTo("openai answered HTTP 401: Incorrect API key (check the API key)");
        assertThat(ProviderErrors.status("openai", 502, "<html>Bad Gateway</html>").getMessage())
                .as("advice for what is retried comes when the retries are spent")
                .isEqualTo("openai answered HTTP 502: <html>Bad Gateway</html>");
    }

    private static String anthropic(String type) {
        return "{\"type\":\"error\",\"error\":{\"type\":\"" + type + "\",\"message\":\"the provider's words\"}}";
    }

    private static Arguments row(String label, int status, String body, Kind kind) {
        return Arguments.of(label, status, body, kind);
    }
}
