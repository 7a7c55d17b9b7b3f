package dev.rosetta.core.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.LongStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class JsonRepairTest {

    // ---- fast path and top-level shape

    @Test
    void strictJsonIsReturnedUnchanged() {
        String strict = "{\"a\": [1, 2.5, \"x\"], \"b\": {\"c\": null}}";
        assertThat(JsonRepair.repair(strict)).isSameAs(strict);
        assertThat(JsonRepair.parseObject(strict)).isEqualTo(Json.readObject(strict));
    }

    @Test
    void emptyObjectParses() {
        assertThat(JsonRepair.parseObject("{}")).isEmpty();
        assertThat(JsonRepair.parseObject(" { } ;")).isEmpty();
        assertThat(JsonRepair.parseObject("{ // nothing here\n}")).isEmpty();
    }

    @Test
    void topLevelArrayIsRejectedByParseObject() {
        assertThatThrownBy(() -> JsonRepair.parseObject("[1, 2,]"))
                .isInstanceOf(JsonRepairException.class)
                .hasMessage("expected a JSON object, got an array");
    }

    @Test
    void topLevelScalarsAreRejectedByParseObject() {
        assertThatThrownBy(() -> JsonRepair.parseObject("'text'")).hasMessage("expected a JSON object, got a string");
        assertThatThrownBy(() -> JsonRepair.parseObject("None")).hasMessage("expected a JSON object, got null");
        assertThatThrownBy(() -> JsonRepair.parseObject("42")).hasMessage("expected a JSON object, got a number");
        assertThatThrownBy(() -> JsonRepair.parseObject("True")).hasMessage("expected a JSON object, got a boolean");
    }

    @Test
    void repairAcceptsAnyTopLevelValue() {
        assertThat(JsonRepair.repair("'a'")).isEqualTo("\"a\"");
        assertThat(JsonRepair.repair("[1, 2,]")).isEqualTo("[1,2]");
        assertThat(JsonRepair.repair("True")).isEqualTo("true");
        assertThat(JsonRepair.repair("+7")).isEqualTo("7");
    }

    @Test
    void byteOrderMarkAndLeadingWhitespaceAreIgnored() {
        assertThat(JsonRepair.parseObject("\uFEFF{\"a\": 1}")).containsEntry("a", 1);
        assertThat(JsonRepair.parseObject("\uFEFF \n\t {a: 1}")).containsEntry("a", 1);
    }

    // ---- quotes

    @Test
    void singleQuotedStringsBecomeDoubleQuoted() {
        assertThat(JsonRepair.repair("{'path': 'src/a.txt'}")).isEqualTo("{\"path\":\"src/a.txt\"}");
    }

    @Test
    void doubleQuoteInsideSingleQuotedStringIsEscaped() {
        assertThat(JsonRepair.parseObject("{'a': 'say \"hi\"'}")).containsEntry("a", "say \"hi\"");
    }

    @Test
    void escapedSingleQuoteBecomesPlainQuote() {
        assertThat(JsonRepair.parseObject("{'a': 'it\\'s', \"b\": \"don\\'t\"}"))
                .containsEntry("a", "it's")
                .containsEntry("b", "don't");
    }

    @Test
    void apostropheInsideSingleQuotedStringStaysInString() {
        assertThat(JsonRepair.parseObject("{'a': 'it's fine'}")).containsEntry("a", "it's fine");
    }

    @Test
    void unescapedQuoteFollowedByWordStaysInString() {
        assertThat(JsonRepair.parseObject("{\"content\": \"say \"hi\" now\"}"))
                .containsEntry("content", "say \"hi\" now");
    }

    @Test
    void unescapedQuoteRightBeforeClosingQuoteStaysInString() {
        assertThat(JsonRepair.parseObject("{\"a\": \"say \"hi\"\"}")).containsEntry("a", "say \"hi\"");
    }

    @Test
    void unescapedQuotesInCodeContentStayInString() {
        String text = "{\"path\": \"a.py\", \"content\": \"print(\"hello\")\nname = \"x\" + y\n\"}";
        assertThat(JsonRepair.parseObject(text))
                .containsEntry("path", "a.py")
                .containsEntry("content", "print(\"hello\")\nname = \"x\" + y\n");
    }

    @Test
    void unescapedQuoteBeforeTerminatorEndsTheString() {
        // The rule's known limit: "a", reads as the end of the string; we then report, not guess.
        assertThatThrownBy(() -> JsonRepair.parseObject("{\"a\": \"x \"y\", z\"}"))
                .isInstanceOf(JsonRepairException.class);
    }

    // ---- commas

    @Test
    void trailingCommaInObjectIsDropped() {
        assertThat(JsonRepair.repair("{\"a\": 1, \"b\": 2,}")).isEqualTo("{\"a\":1,\"b\":2}");
    }

    @Test
    void trailingCommaInArrayIsDropped() {
        assertThat(JsonRepair.repair("{\"a\": [1, 2, ]}")).isEqualTo("{\"a\":[1,2]}");
    }

    @Test
    void trailingCommasInPrettyPrintedNestingAreDropped() {
        String text = "{\n  \"a\": {\n    \"b\": [\n      1,\n      [],\n    ],\n  },\n}\n";
        assertThat(JsonRepair.repair(text)).isEqualTo("{\"a\":{\"b\":[1,[]]}}");
    }

    @Test
    void missingCommaBetweenMembersIsSupplied() {
        assertThat(JsonRepair.repair("{\"a\": 1 \"b\": 2}")).isEqualTo("{\"a\":1,\"b\":2}");
        assertThat(JsonRepair.repair("{\"a\": {} b: []}")).isEqualTo("{\"a\":{},\"b\":[]}");
    }

    @Test
    void missingCommaBetweenStringMembersOnSeparateLinesIsSupplied() {
        assertThat(JsonRepair.repair("{\"a\": \"x\"\n \"b\": \"y\"}")).isEqualTo("{\"a\":\"x\",\"b\":\"y\"}");
        assertThat(JsonRepair.repair("{'a': 'x'\n 'b': 'y'}")).isEqualTo("{\"a\":\"x\",\"b\":\"y\"}");
    }

    @Test
    void missingCommaBetweenArrayElementsIsSupplied() {
        assertThat(JsonRepair.repair("[1 2]")).isEqualTo("[1,2]");
        assertThat(JsonRepair.repair("[\"a\" \"b\" \"c\"]")).isEqualTo("[\"a\",\"b\",\"c\"]");
        assertThat(JsonRepair.repair("[{} {}\n[]]")).isEqualTo("[{},{},[]]");
    }

    @Test
    void doubleCommaIsAnError() {
        assertThatThrownBy(() -> JsonRepair.repair("[1,,2]"))
                .hasMessage("expected a value or ']' at line 1, column 4, found ','");
        assertThatThrownBy(() -> JsonRepair.repair("{\"a\": 1,, \"b\": 2}"))
                .hasMessage("expected a key at line 1, column 9, found ','");
    }

    // ---- keys

    @Test
    void unquotedIdentifierKeysAreQuoted() {
        assertThat(JsonRepair.repair("{path: 'a', _x: 1, camelCase2: 2}"))
                .isEqualTo("{\"path\":\"a\",\"_x\":1,\"camelCase2\":2}");
    }

    @Test
    void unquotedKeysMayContainDashDotAndDollar() {
        assertThat(JsonRepair.parseObject("{content-type: 1, a.b: 2, $ref: 3, x$: 4}"))
                .containsOnlyKeys("content-type", "a.b", "$ref", "x$");
    }

    @Test
    void unquotedUnicodeKeysAreQuoted() {
        assertThat(JsonRepair.parseObject("{名前: 'ü', True: None}"))
                .containsEntry("名前", "ü")
                .containsEntry("True", null);
    }

    // ---- literals

    @Test
    void pythonBooleansBecomeJsonBooleans() {
        assertThat(JsonRepair.repair("{\"a\": True, \"b\": False}")).isEqualTo("{\"a\":true,\"b\":false}");
    }

    @Test
    void pythonNoneBecomesNull() {
        assertThat(JsonRepair.repair("{\"a\": None, \"b\": [None]}")).isEqualTo("{\"a\":null,\"b\":[null]}");
    }

    @Test
    void javascriptUndefinedNaNAndInfinityBecomeNull() {
        assertThat(JsonRepair.repair("[undefined, NaN, Infinity, -Infinity, +Infinity]"))
                .isEqualTo("[null,null,null,null,null]");
    }

    @Test
    void literalWordsInsideStringsStayAsTheyAre() {
        Map<String, Object> object = JsonRepair.parseObject("{'a': 'True', \"b\": \"None\", \"c\": \"undefined\",}");
        assertThat(object).containsEntry("a", "True").containsEntry("b", "None").containsEntry("c", "undefined");
    }

    @Test
    void bareWordValueIsAnError() {
        assertThatThrownBy(() -> JsonRepair.parseObject("{\"mode\": fast}"))
                .hasMessage("expected a value at line 1, column 10, found 'fast' (strings need quotes)");
    }

    // ---- comments

    @Test
    void lineCommentsAreRemoved() {
        assertThat(JsonRepair.repair("{ // the file\n\"a\": 1, // one\n\"b\": 2 // two\n}")).isEqualTo("{\"a\":1,\"b\":2}");
    }

    @Test
    void blockCommentsAreRemoved() {
        assertThat(JsonRepair.repair("/* args */ {\"a\": /* inline */ 1, /* multi\nline */ \"b\": 2}"))
                .isEqualTo("{\"a\":1,\"b\":2}");
    }

    @Test
    void hashCommentsAreRemoved() {
        assertThat(JsonRepair.repair("{\n  # the path\n  'a': 1,  # trailing\n}")).isEqualTo("{\"a\":1}");
    }

    @Test
    void commentAfterLastStringValueStillClosesTheString() {
        String text = "{\n  \"a\": \"x\", // first\n  \"b\": \"y\"  // second\n}";
        assertThat(JsonRepair.repair(text)).isEqualTo("{\"a\":\"x\",\"b\":\"y\"}");
    }

    @Test
    void commentMarkersInsideStringsStay() {
        Map<String, Object> object = JsonRepair.parseObject(
                "{\"a\": \"// not a comment\", \"b\": '# nor this', \"c\": \"/* nor */\", \"d\": \"http://x\",}");
        assertThat(object)
                .containsEntry("a", "// not a comment")
                .containsEntry("b", "# nor this")
                .containsEntry("c", "/* nor */")
                .containsEntry("d", "http://x");
    }

    @Test
    void unterminatedBlockCommentIsAnError() {
        assertThatThrownBy(() -> JsonRepair.repair("{\"a\": 1 /* oops"))
                .hasMessage("unterminated /* comment starting at line 1, column 9");
    }

    // ---- inside strings

    @Test
    void rawNewlinesAndTabsInStringsAreEscaped() {
        assertThat(JsonRepair.repair("{\"a\": \"line1\nline2\r\n\tend\"}"))
                .isEqualTo("{\"a\":\"line1\\nline2\\r\\n\\tend\"}");
    }

    @Test
    void otherControlCharactersInStringsAreEscaped() {
        Map<String, Object> object = JsonRepair.parseObject("{\"a\": \"\u0000\u0001\u001f\b\f\"}");
        assertThat(object).containsEntry("a", "\u0000\u0001\u001f\b\f");
    }

    @Test
    void invalidEscapeKeepsBackslashLiterally() {
        assertThat(JsonRepair.repair("{\"re\": \"\\d+\\.\\w\"}")).isEqualTo("{\"re\":\"\\\\d+\\\\.\\\\w\"}");
        assertThat(JsonRepair.parseObject("{\"re\": \"\\d+\"}")).containsEntry("re", "\\d+");
    }

    @Test
    void windowsPathKeepsItsBackslashes() {
        assertThat(JsonRepair.parseObject("{\"path\": \"C:\\Users\\dev\\q.txt\"}"))
                .containsEntry("path", "C:\\Users\\dev\\q.txt");
    }

    @Test
    void validEscapesAreKept() {
        Map<String, Object> object = JsonRepair.parseObject("{'a': \"\\n\\t\\\"\\\\\\/\\u00e9\\b\\f\\r\",}");
        assertThat(object).containsEntry("a", "\n\t\"\\/é\b\f\r");
    }

    @Test
    void incompleteUnicodeEscapeIsLiteral() {
        assertThat(JsonRepair.parseObject("{\"a\": \"\\u12 and \\uZZZZ\",}")).containsEntry("a", "\\u12 and \\uZZZZ");
    }

    @Test
    void unicodeAndSurrogatePairsSurviveRepair() {
        Map<String, Object> object = JsonRepair.parseObject(
                "{'emoji': '😀 é 中 \u2028', \"escaped\": \"\\ud83d\\ude00\", 'κλειδί': 'τιμή',}");
        assertThat(object)
                .containsEntry("emoji", "😀 é 中 \u2028")
                .containsEntry("escaped", "😀")
                .containsEntry("κλειδί", "τιμή");
    }

    @Test
    void stringsThatLookLikeRepairsStayAsTheyAre() {
        Map<String, Object> object = JsonRepair.parseObject(
                "{'a': \"a, b}\", 'b': \"[1 2]\", 'c': \"'quoted'\", 'd': \"False, None\", 'e': \"x: y\",}");
        assertThat(object)
                .containsEntry("a", "a, b}")
                .containsEntry("b", "[1 2]")
                .containsEntry("c", "'quoted'")
                .containsEntry("d", "False, None")
                .containsEntry("e", "x: y");
    }

    @Test
    void unterminatedStringReportsWhereItStarted() {
        assertThatThrownBy(() -> JsonRepair.parseObject("{\"a\": 1,\n \"b\": \"never closed}"))
                .hasMessage("unterminated string starting at line 2, column 7");
    }

    @Test
    void unterminatedStringWithKeptQuoteSuggestsEscaping() {
        assertThatThrownBy(() -> JsonRepair.parseObject("{\"a\": \"x\" y}"))
                .hasMessage("unterminated string starting at line 1, column 7 (quotes inside a string need a backslash: \\\")");
    }

    // ---- closers

    @Test
    void missingClosersAtEndAreAppended() {
        assertThat(JsonRepair.repair("{\"a\": [1, {\"b\": 2")).isEqualTo("{\"a\":[1,{\"b\":2}]}");
        assertThat(JsonRepair.repair("{\"a\": \"x\",")).isEqualTo("{\"a\":\"x\"}");
    }

    @Test
    void missingBracketBeforeEnclosingBraceIsSupplied() {
        assertThat(JsonRepair.repair("{\"a\": [1, 2}")).isEqualTo("{\"a\":[1,2]}");
        assertThat(JsonRepair.repair("{\"a\": [1, [2}")).isEqualTo("{\"a\":[1,[2]]}");
    }

    @Test
    void missingBraceBeforeEnclosingBracketIsSupplied() {
        assertThat(JsonRepair.repair("[{\"a\": 1]")).isEqualTo("[{\"a\":1}]");
        assertThat(JsonRepair.repair("{\"a\": [{\"b\": {\"c\": 1], \"d\": 2}")).isEqualTo("{\"a\":[{\"b\":{\"c\":1}}],\"d\":2}");
    }

    @Test
    void closerWithoutMatchingContainerIsAnError() {
        assertThatThrownBy(() -> JsonRepair.repair("[1, 2}"))
                .hasMessage("expected ',' or ']' at line 1, column 6, found '}'");
        assertThatThrownBy(() -> JsonRepair.repair("{\"a\": 1]"))
                .hasMessage("expected ',' or '}' after the value of key \"a\" at line 1, column 8, found ']'");
    }

    @Test
    void missingValueAtEndIsAnError() {
        assertThatThrownBy(() -> JsonRepair.parseObject("{\"a\":"))
                .hasMessage("expected a value for key \"a\" at line 1, column 6, found end of input");
    }

    // ---- around the value

    @Test
    void trailingSemicolonIsAccepted() {
        assertThat(JsonRepair.parseObject("{\"a\": 1};\n")).containsEntry("a", 1);
    }

    @Test
    void textAfterObjectIsAnError() {
        assertThatThrownBy(() -> JsonRepair.parseObject("{\"a\": 1}\nHope this helps!"))
                .hasMessage("expected end of input after the JSON value at line 2, column 1, found 'Hope'");
    }

    @Test
    void secondTopLevelValueIsAnError() {
        assertThatThrownBy(() -> JsonRepair.parseObject("{\"a\": 1} {\"b\": 2}"))
                .hasMessage("expected end of input after the JSON value at line 1, column 10, found '{'");
    }

    @Test
    void textBeforeObjectIsAnError() {
        assertThatThrownBy(() -> JsonRepair.parseObject("Here it is: {\"a\": 1}"))
                .hasMessage("expected a value at line 1, column 1, found 'Here' (strings need quotes)");
        assertThatThrownBy(() -> JsonRepair.parseObject("```json\n{\"a\": 1}\n```"))
                .hasMessage("expected a value at line 1, column 1, found '`'");
    }

    // ---- numbers

    @Test
    void leadingPlusIsDropped() {
        assertThat(JsonRepair.repair("[+1, +2.5, -3]")).isEqualTo("[1,2.5,-3]");
    }

    @Test
    void incompleteFractionsAreCompleted() {
        assertThat(JsonRepair.repair("[.5, -.5, 1., 1.e3, 2.E-1]")).isEqualTo("[0.5,-0.5,1.0,1.0e3,2.0E-1]");
    }

    @Test
    void hexNumbersBecomeDecimal() {
        assertThat(JsonRepair.repair("{\"mode\": 0x1F, \"neg\": -0X10, \"big\": 0x7fffffffffffffff}"))
                .isEqualTo("{\"mode\":31,\"neg\":-16,\"big\":9223372036854775807}");
    }

    @Test
    void invalidNumberIsAnErrorWithItsPosition() {
        assertThatThrownBy(() -> JsonRepair.parseObject("{\"a\": 01}")).hasMessage("invalid number '01' at line 1, column 7");
        assertThatThrownBy(() -> JsonRepair.parseObject("{\"a\":\n 1.2.3}")).hasMessage("invalid number '1.2.3' at line 2, column 2");
        assertThatThrownBy(() -> JsonRepair.parseObject("{\"a\": 12px}")).hasMessage("invalid number '12px' at line 1, column 7");
    }

    // ---- errors

    @Test
    void numberTooLongForTheStrictParserIsReportedAsSuch() {
        assertThatThrownBy(() -> JsonRepair.parseObject("{a: " + "9".repeat(2000) + "}"))
                .isInstanceOf(JsonRepairException.class)
                .hasMessageStartingWith("not valid JSON even after repair: Number value length")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }

    @Test
    void missingColonNamesTheKeyAndPosition() {
        assertThatThrownBy(() -> JsonRepair.parseObject("{\n  \"path\" = \"a.txt\"}"))
                .isInstanceOf(JsonRepairException.class)
                .hasMessage("expected ':' after key \"path\" at line 2, column 10, found '='");
    }

    @Test
    void unexpectedCharacterIsAnError() {
        assertThatThrownBy(() -> JsonRepair.parseObject("{\"a\": @x}"))
                .hasMessage("expected a value for key \"a\" at line 1, column 7, found '@'");
    }

    @Test
    void nullAndEmptyInputAreErrors() {
        assertThatThrownBy(() -> JsonRepair.parseObject(null)).isInstanceOf(JsonRepairException.class);
        assertThatThrownBy(() -> JsonRepair.repair(null)).isInstanceOf(JsonRepairException.class);
        assertThatThrownBy(() -> JsonRepair.parseObject("")).hasMessage("expected JSON, got empty input");
        assertThatThrownBy(() -> JsonRepair.parseObject(" \n// just a comment\n")).hasMessage("expected JSON, got empty input");
    }

    @Test
    void deeplyNestedInputIsRejectedWithoutStackOverflow() {
        assertThatThrownBy(() -> JsonRepair.parseObject("[".repeat(100_000)))
                .isInstanceOf(JsonRepairException.class)
                .hasMessageStartingWith("nesting deeper than");
        assertThatThrownBy(() -> JsonRepair.parseObject("{\"a\":".repeat(100_000)))
                .isInstanceOf(JsonRepairException.class)
                .hasMessageStartingWith("nesting deeper than");
    }

    @Test
    void deepNestingWithinTheLimitIsRepaired() {
        String text = "{a: " + "[".repeat(400) + "1," + "],".repeat(399) + "]";
        String expected = "{\"a\":" + "[".repeat(400) + "1" + "]".repeat(400) + "}";
        assertThat(JsonRepair.repair(text)).isEqualTo(expected);
    }

    @Test
    void nestingAtTheLimitParses() {
        String strict = "{\"a\":".repeat(500) + "1" + "}".repeat(500);
        String repairable = "{a:".repeat(500) + "1,";
        assertThat(JsonRepair.parseObject(strict)).containsKey("a");
        assertThat(JsonRepair.repair(repairable)).isEqualTo(strict);
        assertThatThrownBy(() -> JsonRepair.parseObject("{a:".repeat(501) + "1"))
                .hasMessage("nesting deeper than 500 levels at line 1, column 1501");
    }

    @Test
    void errorMessagesAreOneLine() {
        List<String> bad = List.of("{\"a\":\n\n", "{\"a\" \n 1}", "{\n\"a\": \"\n", "[\n1\n2\n}", "{'a': 1}\n\nmore\ntext", "{\u0001}");
        for (String text : bad) {
            assertThatThrownBy(() -> JsonRepair.parseObject(text))
                    .isInstanceOf(JsonRepairException.class)
                    .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
        }
    }

    // ---- combinations

    @Test
    void typicalPythonStyleToolCallIsRepaired() {
        String text = """
                {
                    # write the config
                    path: 'conf/app.yaml',
                    'overwrite': True,
                    "mode": None,
                    tags: ['a', 'b',],  // trailing comma
                }
                """;
        assertThat(JsonRepair.parseObject(text))
                .containsEntry("path", "conf/app.yaml")
                .containsEntry("overwrite", true)
                .containsEntry("mode", null)
                .containsEntry("tags", List.of("a", "b"));
    }

    @Test
    void saveCallWithRawMultilineCodeIsRepaired() {
        String code = "import re\n\tpattern = re.compile(r'\\d+')\nprint(\"found: \" + str(n))\n";
        String text = "{\"path\": \"a.py\", \"content\": \"" + code + "\"}";
        assertThat(JsonRepair.parseObject(text)).containsEntry("content", code);
    }

    @Test
    void everyRepairAtOnce() {
        String text = "\uFEFF{path: 'a.txt' // file\n 'content': \"say \"hi\"\n\\d\", n: [+1 .5 0x10,], ok: True, x: {'y': None";
        Map<String, Object> expected = new LinkedHashMap<>();
        expected.put("path", "a.txt");
        expected.put("content", "say \"hi\"\n\\d");
        expected.put("n", List.of(1, 0.5, 16));
        expected.put("ok", true);
        Map<String, Object> x = new LinkedHashMap<>();
        x.put("y", null);
        expected.put("x", x);
        assertThat(JsonRepair.parseObject(text)).isEqualTo(expected);
    }

    // ---- size

    @Test
    void fiveMegabyteStringWithRawNewlinesIsRepaired() {
        String line = "    value = compute(x, y)  # a \"quoted\" word\n";
        String content = line.repeat(5_000_000 / line.length());
        Map<String, Object> object = JsonRepair.parseObject("{\"path\": \"big.py\", \"content\": \"" + content + "\"}");
        assertThat(content.equals(object.get("content"))).as("content survives unchanged").isTrue();
    }

    @Test
    void manyUnescapedQuotesAndCommentLikeTextStayLinear() {
        String content = "x\" // y \"z ".repeat(200_000);
        Map<String, Object> object = JsonRepair.parseObject("{\"a\": \"" + content + "\"}");
        assertThat(content.equals(object.get("a"))).as("content survives unchanged").isTrue();
    }

    // ---- property: random objects survive serialization and harmless corruption

    static LongStream seeds() {
        return LongStream.range(0, 300);
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void randomObjectsSurviveStrictAndCorruptedSpellings(long seed) {
        Random random = new Random(seed);
        Map<String, Object> value = new RandomJson(random).object(0);
        String strict = Json.write(value);
        assertThat(JsonRepair.parseObject(strict)).isEqualTo(value);
        assertThat(Json.read(JsonRepair.repair(strict))).isEqualTo(value);

        String corrupted = new ModelStyleWriter(random).write(value);
        assertThat(JsonRepair.parseObject(corrupted)).as(corrupted).isEqualTo(value);
        assertThat(Json.read(JsonRepair.repair(corrupted))).as(corrupted).isEqualTo(value);
    }

    /** Random values whose JSON round trip is exact: ints, longs beyond int, finite doubles. */
    private record RandomJson(Random random) {

        private static final String[] PIECES = {
            "a", "b", "z", " ", "\"", "'", "\\", "\n", "\t", "\r", "é", "中", "😀", "/", "//", "#",
            "True", "None", ",", "}", "]", ":", "{", "\u0001", "x y", "\\d", "/*"
        };

        Map<String, Object> object(int depth) {
            Map<String, Object> map = new LinkedHashMap<>();
            int size = random.nextInt(depth == 0 ? 6 : 4);
            for (int i = 0; i < size; i++) {
                map.put(key(), value(depth + 1));
            }
            return map;
        }

        private List<Object> array(int depth) {
            List<Object> list = new ArrayList<>();
            int size = random.nextInt(4);
            for (int i = 0; i < size; i++) {
                list.add(value(depth + 1));
            }
            return list;
        }

        private Object value(int depth) {
            int kind = random.nextInt(depth >= 4 ? 7 : 9);
            return switch (kind) {
                case 0 -> string();
                case 1 -> random.nextInt(2001) - 1000;
                case 2 -> (long) Integer.MAX_VALUE + 1 + random.nextInt(1_000_000);
                case 3 -> Math.round(random.nextDouble() * 1e6) / 1e3 + 0.5;
                case 4 -> random.nextBoolean();
                case 5 -> null;
                case 6 -> identifier();
                case 7 -> object(depth);
                default -> array(depth);
            };
        }

        private String key() {
            return random.nextBoolean() ? identifier() : string();
        }

        private String identifier() {
            String letters = "abcxyzABCXYZ_";
            StringBuilder s = new StringBuilder().append(letters.charAt(random.nextInt(letters.length())));
            for (int i = random.nextInt(8); i > 0; i--) {
                s.append("abz_019".charAt(random.nextInt(7)));
            }
            return s.toString();
        }

        private String string() {
            StringBuilder s = new StringBuilder();
            for (int i = random.nextInt(12); i > 0; i--) {
                s.append(PIECES[random.nextInt(PIECES.length)]);
            }
            return s.toString();
        }
    }

    /** Writes a value the way models do: pretty, trailing commas, single quotes, Python literals, comments, bare keys. */
    private static final class ModelStyleWriter {
        private final Random random;
        private final boolean pretty;
        private final boolean trailingCommas;
        private final boolean singleQuotes;
        private final boolean python;
        private final boolean comments;
        private final boolean bareKeys;
        private final StringBuilder out = new StringBuilder();

        ModelStyleWriter(Random random) {
            this.random = random;
            this.pretty = random.nextBoolean();
            this.trailingCommas = random.nextBoolean();
            this.singleQuotes = random.nextBoolean();
            this.python = random.nextBoolean();
            this.comments = random.nextBoolean();
            this.bareKeys = random.nextBoolean();
        }

        String write(Object value) {
            value(value, 0);
            return out.toString();
        }

        private void value(Object value, int indent) {
            switch (value) {
                case Map<?, ?> map -> container('{', '}', new ArrayList<>(map.entrySet()), indent);
                case List<?> list -> container('[', ']', list, indent);
                case String s -> string(s);
                case Boolean b -> out.append(python && random.nextBoolean() ? (b ? "True" : "False") : b.toString());
                case null -> out.append(python && random.nextBoolean() ? "None" : "null");
                default -> out.append(Json.write(value));
            }
        }

        private void container(char open, char close, List<?> items, int indent) {
            out.append(open);
            for (int i = 0; i < items.size(); i++) {
                newline(indent + 1);
                item(items.get(i), indent + 1);
                if (i < items.size() - 1 || trailingCommas) {
                    out.append(',');
                    comment();
                }
            }
            newline(indent);
            out.append(close);
        }

        private void item(Object item, int indent) {
            if (item instanceof Map.Entry<?, ?> entry) {
                key((String) entry.getKey());
                out.append(pretty ? ": " : ":");
                value(entry.getValue(), indent);
            } else {
                value(item, indent);
            }
        }

        private void key(String key) {
            if (bareKeys && key.matches("[A-Za-z_][A-Za-z0-9_]*") && random.nextBoolean()) {
                out.append(key);
            } else {
                string(key);
            }
        }

        private void string(String s) {
            String json = Json.write(s);
            boolean quoteFree = s.indexOf('"') < 0 && s.indexOf('\'') < 0;
            if (singleQuotes && quoteFree && random.nextBoolean()) {
                out.append('\'').append(json, 1, json.length() - 1).append('\'');
            } else {
                out.append(json);
            }
        }

        private void comment() {
            if (comments && random.nextInt(3) == 0) {
                String[] styles = {" // note, with \"quotes\" }\n", " # why: ] \n", " /* why */ "};
                out.append(styles[random.nextInt(styles.length)]);
            }
        }

        private void newline(int indent) {
            if (pretty) {
                out.append('\n').append("  ".repeat(indent));
            }
        }
    }
}
