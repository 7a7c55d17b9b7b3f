package dev.rosetta.acp;

import java.util.List;

import com.agentclientprotocol.sdk.spec.AcpSchema;

import dev.rosetta.core.dialect.markdown.MarkdownDialect;

/**
 * What a prompt's content blocks say to the model, as one user message: the text as written, an
 * embedded resource (a file or selection the editor attached) as a fenced block under its URI, a
 * link to a resource as a line naming it (the model reads it with its tools if it needs to).
 * Images and audio are not offered in the capabilities, so a block of either is named, not sent.
 */
final class PromptText {

    private PromptText() {}

    static String of(List<AcpSchema.ContentBlock> blocks) {
        StringBuilder text = new StringBuilder();
        for (AcpSchema.ContentBlock block : blocks == null ? List.<AcpSchema.ContentBlock>of() : blocks) {
            switch (block) {
                case AcpSchema.TextContent t -> append(text, t.text());
                case AcpSchema.Resource r when r.resource() instanceof AcpSchema.TextResourceContents c ->
                        append(text, fenced(c.uri(), c.text()));
                case AcpSchema.Resource r -> append(text, "(attached: " + uri(r.resource()) + ", not text)");
                case AcpSchema.ResourceLink l -> append(text, "@" + (l.uri() != null ? path(l.uri()) : l.name()));
                case AcpSchema.ImageContent i -> append(text, "(an image was attached; this agent reads no images)");
                case AcpSchema.AudioContent a -> append(text, "(audio was attached; this agent reads no audio)");
                default -> { }
            }
        }
        return text.toString();
    }

    private static void append(StringBuilder text, String part) {
        if (part == null || part.isEmpty()) {
            return;
        }
        if (!text.isEmpty() && !part.startsWith("\n")) {
            text.append(text.charAt(text.length() - 1) == '\n' ? "\n" : "\n\n");
        }
        text.append(part);
    }

    /** The resource's text in a fence none of its lines can close, under its path. */
    private static String fenced(String uri, String content) {
        String body = content == null ? "" : content;
        String fence = "`".repeat(MarkdownDialect.fenceLength(body));
        return path(uri) + ":\n" + fence + "\n" + body + (body.endsWith("\n") ? "" : "\n") + fence;
    }

    /** A file URI as its path; any other URI as it is. */
    static String path(String uri) {
        if (uri != null && uri.startsWith("file://")) {
            try {
                return java.nio.file.Path.of(java.net.URI.create(uri)).toString();
            } catch (RuntimeException e) {
                return uri;
            }
        }
        return uri == null ? "" : uri;
    }

    private static String uri(AcpSchema.EmbeddedResourceResource resource) {
        return resource instanceof AcpSchema.BlobResourceContents b ? path(b.uri()) : "a resource";
    }
}
