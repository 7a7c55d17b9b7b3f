package dev.rosetta.tools.files;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PlaceholdersTest {

    @ParameterizedTest
    @ValueSource(strings = {
            "# ... rest of the code ...",
            "    # ... rest of the code ...",
            "// existing code here",
            "// ... existing code ...",
            "/* ... */",
            "<!-- ... rest ... -->",
            "# ...",
            "//...",
            "# rest of the file unchanged",
            "-- ... (unchanged)",
            "# same as before",
            "// keep existing methods unchanged",
            "/* implementation unchanged */",
            "{/* ... rest of the component ... */}",
            "; ... remaining code ...",
            "# ... rest unchanged ...",
            "# rest unchanged"})
    void aCommentStandingForLeftOutCodeIsAPlaceholder(String line) {
        assertThat(Placeholders.isPlaceholder(line, false)).as(line).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "    ...",                                  // Python's Ellipsis as a body
            "def stub(): ...",
            "    \"\"\"...\"\"\"",                      // a docstring stub
            "const all = [...items, ...more];",
            "print('...')",
            "# ... and then we add them up",            // a comment that goes on
            "# existing users are migrated below",
            "// other settings below",
            "// your code here",                        // an exercise template
            "# TODO: rest",
            "# rest of the args are passed to run()",
            "# rest",
            "#!/usr/bin/env python3",
            "echo '# ... rest of the code ...'"})        // not a comment line
    void codeAndOrdinaryCommentsAreNot(String line) {
        assertThat(Placeholders.isPlaceholder(line, false)).as(line).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"# ...", "// ...", "# Remaining work here", "* ..."})
    void inDocumentationAnEllipsisOrAHeadingIsText(String line) {
        assertThat(Placeholders.isPlaceholder(line, true)).as(line).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"<!-- rest of the file unchanged -->", "# ... rest of the README ...", "<!-- ... -->x"})
    void inDocumentationAPhraseAboutLeftOutTextStillIs(String line) {
        boolean expected = !line.endsWith("x");
        assertThat(Placeholders.isPlaceholder(line, true)).as(line).isEqualTo(expected);
    }

    @org.junit.jupiter.api.Test
    void findNamesTheLineNumberAndKnowsDocumentationByExtension() {
        assertThat(Placeholders.find("a\n# ...\n", "app.py")).contains(new Placeholders.Found(2, "# ..."));
        assertThat(Placeholders.find("a\n# ...\n", "README.md")).isEmpty();
    }
}
