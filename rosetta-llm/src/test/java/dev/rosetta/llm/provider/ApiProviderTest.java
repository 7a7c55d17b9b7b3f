package dev.rosetta.llm.provider;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;

import org.junit.jupiter.api.Test;

/** How every API's endpoint joins the base URL a user gives. */
class ApiProviderTest {

    @Test
    void theApisPathFollowsTheBaseWithOrWithoutItsFinalSlashes() {
        assertThat(ApiProvider.endpoint(URI.create("https://api.openai.com/v1"), "/responses"))
                .hasToString("https://api.openai.com/v1/responses");
        assertThat(ApiProvider.endpoint(URI.create("https://api.anthropic.com//"), "/v1/messages"))
                .hasToString("https://api.anthropic.com/v1/messages");
    }

    @Test
    void aQueryOnTheBaseStaysAtTheEndForEveryApi() {
        URI azure = URI.create("https://r.openai.azure.com/openai/v1/?api-version=preview");
        assertThat(ApiProvider.endpoint(azure, "/responses"))
                .hasToString("https://r.openai.azure.com/openai/v1/responses?api-version=preview");
        assertThat(ApiProvider.endpoint(azure, "/chat/completions"))
                .hasToString("https://r.openai.azure.com/openai/v1/chat/completions?api-version=preview");
    }
}
