package dev.rosetta.acp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import com.agentclientprotocol.sdk.json.AcpJsonMapper;
import com.agentclientprotocol.sdk.spec.AcpSchema;

import dev.rosetta.core.json.Json;
import dev.rosetta.tools.mcp.McpForm;

class EditorFormsTest {

    private static final McpForm FORM = new McpForm("github", "Which repository?", List.of(
            new McpForm.Field("repo", "Repository", "owner/name", "string", true, null, List.of()),
            new McpForm.Field("visibility", null, null, "string", false, "public", List.of("public", "private")),
            new McpForm.Field("stars", "Stars", null, "integer", false, 42, List.of()),
            new McpForm.Field("ratio", null, null, "number", false, 0.5, List.of()),
            new McpForm.Field("fork", null, null, "boolean", false, true, List.of()),
            new McpForm.Field("labels", null, null, "array", false, List.of("bug"), List.of("bug", "docs"))));

    @Test
    void aServersFormIsTheEditorsFormWithEveryFieldTypedAsTheServerGaveIt() throws Exception {
        AcpSchema.CreateElicitationRequest request = EditorForms.request("s1", FORM);

        Map<String, Object> wire = Json.readObject(AcpJsonMapper.createDefault().writeValueAsString(request));
        assertThat(wire).containsEntry("sessionId", "s1").containsEntry("mode", "form")
                .containsEntry("message", "github asks: Which repository?");
        @SuppressWarnings("unchecked")
        Map<String, Object> schema = (Map<String, Object>) wire.get("requestedSchema");
        assertThat(schema).containsEntry("type", "object").containsEntry("required", List.of("repo"));
        @SuppressWarnings("unchecked")
        Map<String, Map<String, Object>> properties = (Map<String, Map<String, Object>>) schema.get("properties");
        assertThat(properties.keySet()).containsExactly("repo", "visibility", "stars", "ratio", "fork", "labels");
        assertThat(properties.get("repo")).containsEntry("type", "string").containsEntry("title", "Repository")
                .containsEntry("description", "owner/name");
        assertThat(properties.get("visibility")).containsEntry("enum", List.of("public", "private"))
                .containsEntry("default", "public");
        assertThat(properties.get("stars")).containsEntry("type", "integer").containsEntry("default", 42);
        assertThat(properties.get("ratio")).containsEntry("type", "number").containsEntry("default", 0.5);
        assertThat(properties.get("fork")).containsEntry("type", "boolean").containsEntry("default", true);
        assertThat(properties.get("labels")).containsEntry("type", "array")
                .containsEntry("items", Map.of("type", "string", "enum", List.of("bug", "docs")));
    }

    @Test
    void titledChoicesKeepTheirTitlesForTheEditorToShow() throws Exception {
        McpForm form = new McpForm("s", "Pick", List.of(
                new McpForm.Field("color", null, null, "string", true, null, List.of("r", "g"), List.of("Red", "Green")),
                new McpForm.Field("tags", null, null, "array", false, null, List.of("a", "b"), List.of("Alpha", "b"))));

        Map<String, Object> wire = Json.readObject(AcpJsonMapper.createDefault().writeValueAsString(
                EditorForms.request("s1", form)));

        @SuppressWarnings("unchecked")
        Map<String, Map<String, Object>> properties = (Map<String, Map<String, Object>>) ((Map<String, Object>) wire
                .get("requestedSchema")).get("properties");
        assertThat(properties.get("color")).doesNotContainKey("enum").containsEntry("oneOf", List.of(
                Map.of("const", "r", "title", "Red"), Map.of("const", "g", "title", "Green")));
        assertThat(properties.get("tags")).containsEntry("items", Map.of("anyOf", List.of(
                Map.of("const", "a", "title", "Alpha"), Map.of("const", "b", "title", "b"))));
    }

    @Test
    void theLimitsTheServerSetReachTheEditorsForm() throws Exception {
        McpForm form = new McpForm("s", "Fill in", List.of(
                new McpForm.Field("login", null, null, "string", true, null, List.of(), null,
                        new McpForm.Limits(3, 16, "^[a-z0-9_]+$", null, null, null, null, null)),
                new McpForm.Field("mail", null, null, "string", false, null, List.of(), null,
                        new McpForm.Limits(null, null, null, "email", null, null, null, null)),
                new McpForm.Field("age", null, null, "integer", false, null, List.of(), null,
                        new McpForm.Limits(null, null, null, null, 17.5, 120, null, null)),
                new McpForm.Field("ratio", null, null, "number", false, null, List.of(), null,
                        new McpForm.Limits(null, null, null, null, 0, 0.75, null, null)),
                new McpForm.Field("tags", null, null, "array", false, null, List.of("a", "b", "c"), null,
                        new McpForm.Limits(null, null, null, null, null, null, 1, 2))));

        Map<String, Object> wire = Json.readObject(AcpJsonMapper.createDefault().writeValueAsString(
                EditorForms.request("s1", form)));

        @SuppressWarnings("unchecked")
        Map<String, Map<String, Object>> properties = (Map<String, Map<String, Object>>) ((Map<String, Object>) wire
                .get("requestedSchema")).get("properties");
        assertThat(properties.get("login")).containsEntry("minLength", 3).containsEntry("maxLength", 16)
                .containsEntry("pattern", "^[a-z0-9_]+$");
        assertThat(properties.get("mail")).containsEntry("format", "email");
        assertThat(properties.get("age")).containsEntry("minimum", 18).containsEntry("maximum", 120);
        assertThat(properties.get("ratio")).containsEntry("minimum", 0.0).containsEntry("maximum", 0.75);
        assertThat(properties.get("tags")).containsEntry("minItems", 1).containsEntry("maxItems", 2);
    }

    @Test
    void theEditorsAnswerIsTheServersAnswer() {
        assertThat(EditorForms.answer(AcpSchema.CreateElicitationResponse.accept(Map.of("repo", "a/b"))))
                .isEqualTo(new McpForm.Answer.Accept(Map.of("repo", "a/b")));
        assertThat(EditorForms.answer(AcpSchema.CreateElicitationResponse.decline()))
                .isEqualTo(new McpForm.Answer.Decline());
        assertThat(EditorForms.answer(AcpSchema.CreateElicitationResponse.cancel()))
                .isEqualTo(new McpForm.Answer.Cancel());
        assertThat(EditorForms.answer(null)).isEqualTo(new McpForm.Answer.Cancel());
    }

    @Test
    void aFormWithoutAMessageStillSaysWhoAsks() {
        var request = EditorForms.request("s1", new McpForm("db", "", List.of()));
        assertThat(request.message()).isEqualTo("The MCP server db asks:");
    }
}
