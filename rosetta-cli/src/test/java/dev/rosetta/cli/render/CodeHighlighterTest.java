package dev.rosetta.cli.render;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CodeHighlighterTest {

    private static String on(Tone tone, String text) {
        return tone.on() + text + TerminalStyle.RESET;
    }

    private static CodeHighlighter of(Language language) {
        return new CodeHighlighter(language, Screens.COLOUR);
    }

    @Test
    void pythonKeywordsStringsNumbersAndComments() {
        assertThat(of(Language.PYTHON).line("def f(x): return 'a' + 1  # done"))
                .isEqualTo(on(Tone.MAGENTA, "def") + " f(x): " + on(Tone.MAGENTA, "return") + " "
                        + on(Tone.GREEN, "'a'")
                        + " + " + on(Tone.CYAN, "1") + "  " + on(Tone.GREY, "# done"));
    }

    @Test
    void blockCommentsAndTripleQuotesSpanLines() {
        CodeHighlighter java = of(Language.JAVA);
        assertThat(java.line("int a; /* start")).endsWith(on(Tone.GREY, "/* start"));
        assertThat(java.line("still comment */ int b;")).startsWith(on(Tone.GREY, "still comment */"))
                .contains(on(Tone.MAGENTA, "int"));
        CodeHighlighter python = of(Language.PYTHON);
        python.line("s = \"\"\"doc");
        assertThat(python.line("if not code")).isEqualTo(on(Tone.GREEN, "if not code"));
    }

    @Test
    void shellVariablesAndHashesThatAreNotComments() {
        assertThat(of(Language.BASH).line("echo ${#HOME} $1 x#y"))
                .isEqualTo(on(Tone.MAGENTA, "echo") + " " + on(Tone.CYAN, "${#HOME}") + " " + on(Tone.CYAN, "$1")
                        + " x#y");
    }

    @Test
    void jsonKeysDifferFromValues() {
        assertThat(of(Language.JSON).line("{\"a\": \"b\", \"n\": true}"))
                .isEqualTo("{" + on(Tone.BLUE, "\"a\"") + ": " + on(Tone.GREEN, "\"b\"") + ", " + on(Tone.BLUE, "\"n\"")
                        + ": " + on(Tone.MAGENTA, "true") + "}");
    }

    @Test
    void yamlKeysButNotUrls() {
        assertThat(of(Language.YAML).line("url: http://x"))
                .isEqualTo(on(Tone.BLUE, "url") + ": http://x");
    }

    @Test
    void markupTagsAttributesAndComments() {
        CodeHighlighter xml = of(Language.XML);
        assertThat(xml.line("<a href=\"x\">&amp;</a> <!-- c"))
                .isEqualTo(on(Tone.BLUE, "<a") + " " + on(Tone.YELLOW, "href") + "=" + on(Tone.GREEN, "\"x\"")
                        + on(Tone.BLUE, ">") + on(Tone.CYAN, "&amp;") + on(Tone.BLUE, "</a") + on(Tone.BLUE, ">") + " "
                        + on(Tone.GREY, "<!-- c"));
        assertThat(xml.line("still -->")).isEqualTo(on(Tone.GREY, "still -->"));
    }

    @Test
    void withoutColourOrLanguageLinesPassThrough() {
        assertThat(new CodeHighlighter(Language.JAVA, TerminalStyle.plain()).line("int x;")).isEqualTo("int x;");
        assertThat(new CodeHighlighter(null, Screens.COLOUR).line("int x;")).isEqualTo("int x;");
    }

    @Test
    void languagesAreFoundByFenceNameAndFileExtension() {
        assertThat(Language.named("py title=x")).isEqualTo(Language.PYTHON);
        assertThat(Language.named("TypeScript")).isEqualTo(Language.JAVASCRIPT);
        assertThat(Language.named("cobol")).isNull();
        assertThat(Language.ofPath("src/Main.java")).isEqualTo(Language.JAVA);
        assertThat(Language.ofPath("docker-compose.yml")).isEqualTo(Language.YAML);
        assertThat(Language.ofPath("Makefile")).isNull();
        assertThat(Language.ofPath(".bashrc")).isNull();
        assertThat(Language.ofPath("fix.patch")).isNull();
    }

    @Test
    void unterminatedStringsAndOddInputNeverFail() {
        for (Language language : new Language[] {Language.JAVA, Language.PYTHON, Language.BASH, Language.JSON,
                Language.JAVASCRIPT, Language.YAML, Language.XML, Language.PATCH}) {
            CodeHighlighter h = of(language);
            for (String line : new String[] {"\"open", "'", "$", "${", "<", "</", "<a", "&;", "@", "1.", "/*", "\"\"\"",
                    "\\", "<!--", "x: ", ""}) {
                assertThat(Screens.withoutSgr(h.line(line))).as("%s %s", language, line).isEqualTo(line);
            }
        }
    }
}
