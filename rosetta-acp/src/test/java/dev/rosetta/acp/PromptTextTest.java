package dev.rosetta.acp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import com.agentclientprotocol.sdk.spec.AcpSchema;

class PromptTextTest {

    @Test
    void textBlocksAreOneMessageInTheirOrder() {
        assertThat(PromptText.of(List.of(new AcpSchema.TextContent("explain"), new AcpSchema.TextContent("briefly"))))
                .isEqualTo("explain\n\nbriefly");
    }

    @Test
    void anEmbeddedFileIsItsTextFencedUnderItsPathSoNoneOfItsLinesCanCloseTheFence() {
        String source = "Use it like this:\n```java\nnew A();\n```\n";
        var resource = new AcpSchema.Resource("resource",
                new AcpSchema.TextResourceContents(source, "file:///home/me/p/README.md", "text/markdown"), null, null);

        String text = PromptText.of(List.of(new AcpSchema.TextContent("what does this say?"), resource));

        assertThat(text).startsWith("what does this say?\n\n/home/me/p/README.md:\n````\n").contains(source)
                .endsWith("\n````");
    }

    @Test
    void aLinkToAFileIsNamedForTheModelToReadWithItsTools() {
        var link = new AcpSchema.ResourceLink("resource_link", "Main.java", "file:///home/me/p/src/Main.java", null,
                null, null, null, null, null);

        assertThat(PromptText.of(List.of(new AcpSchema.TextContent("fix"), link)))
                .isEqualTo("fix\n\n@/home/me/p/src/Main.java");
    }

    @Test
    void anImageIsNamedNotSentSinceTheAgentOffersNone() {
        var image = new AcpSchema.ImageContent("image", "iVBORw0KGgo=", "image/png", null, null, null);

        assertThat(PromptText.of(List.of(image))).contains("image").doesNotContain("iVBOR");
    }

    @Test
    void noBlocksIsNoText() {
        assertThat(PromptText.of(null)).isEmpty();
        assertThat(PromptText.of(List.of())).isEmpty();
    }
}
