package dev.rosetta.tools.schema;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class SchemaCheckTest {

    @Test
    void aMismatchNamesTheFieldAndWhatTheSchemaWants() {
        Map<String, Object> schema = Map.of("type", "object", "properties",
                Map.of("verdict", Map.of("enum", List.of("pass", "fail"))), "required", List.of("verdict"));
        assertThat(SchemaCheck.problem(schema, Map.of("verdict", "maybe")))
                .isEqualTo("'verdict' does not have a value in the enumeration [\"pass\", \"fail\"]");
        assertThat(SchemaCheck.problem(schema, Map.of())).contains("required property 'verdict' not found");
        assertThat(SchemaCheck.problem(schema, Map.of("verdict", "pass"))).isNull();
    }

    @Test
    void aStringValueIsCheckedAsAStringNotReadAsJsonText() {
        assertThat(SchemaCheck.problem(Map.of("type", "array"), "still no")).contains("string found, array expected");
        assertThat(SchemaCheck.problem(Map.of("type", "string"), "[1, 2]")).isNull();
        assertThat(SchemaCheck.problem(Map.of("type", "array"), List.of(1, 2))).isNull();
    }

    @Test
    void aSchemaTheValidatorCannotUseIsSaidSo() {
        assertThat(SchemaCheck.schemaProblem(Map.of("type", 12))).contains("/type");
        assertThat(SchemaCheck.schemaProblem(Map.of("type", "object"))).isNull();
    }
}
