package dev.rosetta.tools.mcp;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import dev.rosetta.core.json.Json;
import dev.rosetta.core.tool.ErrorCode;
import dev.rosetta.core.tool.ToolResult;
import dev.rosetta.tools.ToolContext;
import dev.rosetta.tools.output.OutputFolder;
import dev.rosetta.tools.output.OwnerOnly;
import io.modelcontextprotocol.spec.McpSchema;

/**
 * What a server's answer tells the model, as text: text content as it is; images and audio saved
 * to the conversation's output folder and named in one line with their path; embedded resources
 * as their text, or a line with their URI and type (a blob saved beside the images); links as a
 * line; {@code structuredContent} as JSON unless a text part already says the same. The whole goes
 * through the same output limit as every built-in tool's; {@code isError} makes it an error.
 */
final class McpResultText {

    /** The server's tool reported a failure ({@code isError}). */
    static final ErrorCode TOOL_ERROR = new ErrorCode("ToolError");

    private McpResultText() {}

    static ToolResult of(McpSchema.CallToolResult result, String tool, ToolContext context) {
        List<String> parts = new ArrayList<>();
        List<Object> texts = new ArrayList<>();
        for (McpSchema.Content content : result.content() == null ? List.<McpSchema.Content>of() : result.content()) {
            parts.add(part(content, tool, context.outputs()));
            if (content instanceof McpSchema.TextContent text) {
                texts.add(parsed(text.text()));
            }
        }
        Object structured = result.structuredContent();
        if (structured != null && texts.stream().noneMatch(t -> Objects.equals(t, structured))) {
            parts.add(Json.write(structured));
        }
        String text = context.outputLimit().apply(String.join("\n", parts), tool, context.outputs());
        if (Boolean.TRUE.equals(result.isError())) {
            return ToolResult.error(TOOL_ERROR, text.isBlank() ? tool + " failed and said nothing" : text);
        }
        return ToolResult.ok(text);
    }

    private static String part(McpSchema.Content content, String tool, OutputFolder dir) {
        return switch (content) {
            case McpSchema.TextContent t -> t.text() == null ? "" : t.text();
            case McpSchema.ImageContent i -> "[image " + i.mimeType() + ", " + saved(i.data(), i.mimeType(), tool, dir) + "]";
            case McpSchema.AudioContent a -> "[audio " + a.mimeType() + ", " + saved(a.data(), a.mimeType(), tool, dir) + "]";
            case McpSchema.EmbeddedResource e -> resource(e.resource(), tool, dir);
            case McpSchema.ResourceLink l -> "[resource link " + l.uri() + (l.name() == null ? "" : " \"" + l.name() + "\"")
                    + (l.mimeType() == null ? "" : ", " + l.mimeType()) + "]";
            default -> "[" + content.type() + " content]";
        };
    }

    private static String resource(McpSchema.ResourceContents resource, String tool, OutputFolder dir) {
        String type = resource.mimeType() == null ? "" : ", " + resource.mimeType();
        return switch (resource) {
            case McpSchema.TextResourceContents t -> "[resource " + t.uri() + type + "]\n" + t.text();
            case McpSchema.BlobResourceContents b -> "[resource " + b.uri() + type + ", "
                    + saved(b.blob(), b.mimeType(), tool, dir) + "]";
            default -> "[resource " + resource.uri() + type + "]";
        };
    }

    /** Decodes base64 data into a new file; says where, and how big, or why not. */
    private static String saved(String base64, String mimeType, String tool, OutputFolder dir) {
        byte[] bytes;
        try {
            bytes = Base64.getMimeDecoder().decode(base64 == null ? "" : base64);
        } catch (IllegalArgumentException e) {
            return "not saved: its data is not base64";
        }
        long granted = dir.take(bytes.length);
        if (granted < bytes.length) {
            dir.giveBack(granted); // a part of an image is of no use
            return size(bytes.length) + ", not saved: " + dir.full();
        }
        try {
            OwnerOnly.folders(dir.path());
            Path file = Files.createTempFile(dir.path(), tool + "-", "." + extension(mimeType));
            Files.write(file, bytes);
            return size(bytes.length) + ", saved to " + file;
        } catch (IOException e) {
            dir.giveBack(bytes.length);
            return size(bytes.length) + ", not saved (" + e.getClass().getSimpleName() + ")";
        }
    }

    private static String extension(String mimeType) {
        String m = mimeType == null ? "" : mimeType.toLowerCase(java.util.Locale.ROOT);
        return switch (m) {
            case "image/png" -> "png";
            case "image/jpeg", "image/jpg" -> "jpg";
            case "image/gif" -> "gif";
            case "image/webp" -> "webp";
            case "image/svg+xml" -> "svg";
            case "audio/wav", "audio/x-wav", "audio/wave" -> "wav";
            case "audio/mpeg", "audio/mp3" -> "mp3";
            case "audio/ogg" -> "ogg";
            case "application/pdf" -> "pdf";
            case "application/gzip" -> "gz";
            default -> m.startsWith("text/") ? "txt" : "bin";
        };
    }

    private static String size(long bytes) {
        return bytes < 1024 ? bytes + " bytes" : String.format(java.util.Locale.ROOT, "%.1f KB", bytes / 1024.0);
    }

    /** A text part as JSON when it is JSON, so it can be compared with the structured content. */
    private static Object parsed(String text) {
        if (text == null) {
            return null;
        }
        try {
            Object value = Json.read(text);
            return value instanceof Map<?, ?> || value instanceof List<?> ? value : text;
        } catch (RuntimeException e) {
            return text;
        }
    }
}
