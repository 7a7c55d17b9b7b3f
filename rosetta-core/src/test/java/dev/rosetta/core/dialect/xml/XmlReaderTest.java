package dev.rosetta.core.dialect.xml;

import static dev.rosetta.core.dialect.xml.XmlCalls.onlyCall;
import static dev.rosetta.core.dialect.xml.XmlCalls.onlyUnparsed;
import static dev.rosetta.core.dialect.xml.XmlCalls.proseOf;
import static dev.rosetta.core.dialect.xml.XmlCalls.split;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.rosetta.core.split.Segment;
import dev.rosetta.core.split.Segment.Call;
import dev.rosetta.core.split.Segment.Prose;
import dev.rosetta.core.split.Segment.Unparsed;
import dev.rosetta.core.tool.ToolUse;

/** The {@code <tool-use>} spelling: elements named after tools, raw bodies, attributes. */
class XmlReaderTest {

    @Test
    void toolElementInToolUseIsACallWithItsBodyAsContent() {
        String msg = "<tool-use>\n<shell>\nls -la\n</shell>\n</tool-use>";
        Call call = onlyCall(msg);
        assertThat(call.use()).isEqualTo(ToolUse.positional("shell", List.of(), "ls -la"));
        assertThat(call.dialect()).isSameAs(XmlDialect.INSTANCE);
        assertThat(call.raw()).isEqualTo("<shell>\nls -la\n</shell>");
        assertThat(call.start()).isEqualTo(msg.indexOf("<shell>"));
        assertThat(call.end()).isEqualTo(msg.indexOf("\n</tool-use>"));
    }

    @Test
    void proseBeforeAndAfterTheWrapperStaysProse() {
        List<Segment> s = split("Let me look.\n<tool-use>\n<shell>\nls\n</shell>\n</tool-use>\nDone.");
        assertThat(s).hasSize(3);
        assertThat(s.get(0)).isEqualTo(new Prose("Let me look.\n", 0, 13));
        assertThat(s.get(1)).isInstanceOf(Call.class);
        assertThat(((Prose) s.get(2)).text()).isEqualTo("Done.");
    }

    @Test
    void wholeCallOnOneLineWorks() {
        assertThat(onlyCall("<tool-use><shell>ls</shell></tool-use>").use().content()).isEqualTo("ls");
    }

    @Test
    void severalCallsInOneWrapperRunInOrder() {
        List<Segment> s = split("<tool-use>\n<shell>\nls\n</shell>\n<py>\n1 + 1\n</py>\n<shell>pwd</shell>\n</tool-use>");
        assertThat(s).hasSize(3).allMatch(Call.class::isInstance);
        assertThat(s.stream().map(c -> ((Call) c).use().content())).containsExactly("ls", "1 + 1", "pwd");
        assertThat(s.stream().map(c -> ((Call) c).use().tool())).containsExactly("shell", "ipython", "shell");
    }

    @Test
    void severalWrappersInOneMessage() {
        List<Segment> s = split("First:\n<tool-use>\n<shell>ls</shell>\n</tool-use>\nThen:\n<tool-use>\n<shell>pwd</shell>\n</tool-use>\n");
        assertThat(s).hasSize(4);
        assertThat(proseOf(s)).containsExactly("First:\n", "Then:\n");
        assertThat(((Call) s.get(1)).use().content()).isEqualTo("ls");
        assertThat(((Call) s.get(3)).use().content()).isEqualTo("pwd");
    }

    @Test
    void wrapperIndentedByUpToEightSpacesOrTabsOpens() {
        assertThat(onlyCall("Here:\n        <tool-use>\n<shell>ls</shell>\n</tool-use>").use().content()).isEqualTo("ls");
        assertThat(onlyCall("\t\t<tool-use><shell>ls</shell></tool-use>").use().content()).isEqualTo("ls");
    }

    @Test
    void wrapperIndentedByNineSpacesIsProse() {
        List<Segment> s = split("         <tool-use>\n<shell>ls</shell>\n</tool-use>");
        assertThat(s).hasSize(1).allMatch(Prose.class::isInstance);
    }

    @Test
    void toolUseMentionedMidLineIsProse() {
        String msg = "Wrap calls in <tool-use> tags, or <function_calls> ones, and you are done.\n";
        assertThat(split(msg)).containsExactly(new Prose(msg, 0, msg.length()));
    }

    @Test
    void toolUseAfterProseOnTheSameLineIsACall() {
        List<Segment> s = split("I'll look. <tool-use><shell>ls</shell></tool-use> Done.");
        assertThat(s).hasSize(3);
        assertThat(s.get(0)).isEqualTo(new Prose("I'll look. ", 0, 11));
        assertThat(((Call) s.get(1)).use()).isEqualTo(ToolUse.positional("shell", List.of(), "ls"));
        assertThat(s.get(2)).isEqualTo(new Prose(" Done.", 49, 55));
    }

    @Test
    void functionCallsAfterProseOnTheSameLineIsACall() {
        Call call = onlyCall("Let me save it.<function_calls>\n<invoke name=\"shell\">\n<parameter name=\"command\">ls</parameter>\n"
                + "</invoke>\n</function_calls>\n");
        assertThat(call.use().kwargs()).containsEntry("command", "ls");
    }

    @Test
    void prefixedFunctionCallsAfterProseIsACall() {
        String ns = "ant" + "ml:";
        Call call = onlyCall("Saving: <" + ns + "function_calls><" + ns + "invoke name=\"shell\"><" + ns
                + "parameter name=\"command\">pwd</" + ns + "parameter></" + ns + "invoke></" + ns + "function_calls>");
        assertThat(call.use().kwargs()).containsEntry("command", "pwd");
    }

    @Test
    void toolUseInInlineCodeIsProse() {
        String msg = "Write `<tool-use><shell>ls</shell></tool-use>` to list files.\n";
        assertThat(split(msg)).containsExactly(new Prose(msg, 0, msg.length()));
    }

    @Test
    void wrapperAfterProseWaitsOnlyForItsFirstElement() {
        var splitter = new dev.rosetta.core.split.StreamSplitter(dev.rosetta.core.dialect.ToolFormat.XML,
                dev.rosetta.core.tool.BuiltinTools.catalog());
        assertThat(splitter.feed("Ok. <tool-use>  ")).containsExactly(new dev.rosetta.core.split.StreamEvent.ProseDelta("Ok. "));
        assertThat(splitter.feed("and so")).containsExactly(new dev.rosetta.core.split.StreamEvent.ProseDelta("<tool-use>  and so"));
    }

    @Test
    void otherTagsAtLineStartAreProse() {
        String msg = "<b>bold</b> text\n<function>x</function>\n<tool>y\n<foo:bar>z\n";
        assertThat(split(msg)).containsExactly(new Prose(msg, 0, msg.length()));
    }

    @Test
    void bodyWithAngleBracketsSurvivesByteForByte() {
        String body = "cat <filename> | grep '</b>' && echo &lt;x&gt; &amp; a < b > c\necho '<tool-use>' '</tool-use>'";
        Call call = onlyCall("<tool-use>\n<shell>\n" + body + "\n</shell>\n</tool-use>");
        assertThat(call.use().content()).isEqualTo(body);
    }

    @Test
    void closingTagOfAnotherToolDoesNotEndTheBody() {
        String body = "echo '</py>' '</save>' '</shell '";
        assertThat(onlyCall("<tool-use>\n<shell>\n" + body + "\n</shell>\n</tool-use>").use().content()).isEqualTo(body);
    }

    @Test
    void firstClosingTagEndsTheBody() {
        List<Segment> s = split("<tool-use>\n<shell>echo a</shell> b</shell>\n</tool-use>");
        assertThat(((Call) s.get(0)).use().content()).isEqualTo("echo a");
        assertThat(proseOf(s)).containsExactly("b</shell>\n");
    }

    @Test
    void onlyOneLineBreakIsDroppedOnEachSide() {
        assertThat(onlyCall("<tool-use>\n<shell>\n\nls\n\n</shell>\n</tool-use>").use().content()).isEqualTo("\nls\n");
        assertThat(onlyCall("<tool-use>\n<shell>  ls  </shell>\n</tool-use>").use().content()).isEqualTo("  ls  ");
    }

    @Test
    void emptyElementHasEmptyContent() {
        assertThat(onlyCall("<tool-use>\n<shell></shell>\n</tool-use>").use().content()).isEmpty();
        assertThat(onlyCall("<tool-use>\n<shell>\n</shell>\n</tool-use>").use().content()).isEmpty();
    }

    @Test
    void cdataHidesClosingTag() {
        Call call = onlyCall("<tool-use>\n<shell>\n<![CDATA[echo '</shell>' <x>]]>\n</shell>\n</tool-use>");
        assertThat(call.use().content()).isEqualTo("echo '</shell>' <x>");
    }

    @Test
    void cdataEndMarkerSplitAcrossTwoSectionsIsRejoined() {
        Call call = onlyCall("<tool-use>\n<shell>\n<![CDATA[a ]]]]><![CDATA[> </shell> b]]>\n</shell>\n</tool-use>");
        assertThat(call.use().content()).isEqualTo("a ]]> </shell> b");
    }

    @Test
    void cdataAnywhereInTheBodyIsUnwrapped() {
        Call call = onlyCall("<tool-use>\n<shell>\necho <![CDATA[</shell>]]> done\n</shell>\n</tool-use>");
        assertThat(call.use().content()).isEqualTo("echo </shell> done");
    }

    @Test
    void cdataEndOutsideCdataIsJustText() {
        assertThat(onlyCall("<tool-use>\n<shell>echo ]]> x</shell>\n</tool-use>").use().content()).isEqualTo("echo ]]> x");
    }

    @Test
    void selfClosingElementIsACallWithoutContent() {
        Call call = onlyCall("<tool-use>\n<read args=\"notes.md\"/>\n</tool-use>");
        assertThat(call.use()).isEqualTo(new ToolUse("read", List.of("notes.md"), null, Map.of(), null));
        assertThat(call.raw()).isEqualTo("<read args=\"notes.md\"/>");
    }

    @Test
    void selfClosingVariantsAllClose() {
        assertThat(onlyCall("<tool-use><read args=\"a.md\" /></tool-use>").use().args()).containsExactly("a.md");
        assertThat(onlyCall("<tool-use><read args=a.md/></tool-use>").use().args()).containsExactly("a.md");
        assertThat(onlyCall("<tool-use><shell/></tool-use>").use().content()).isNull();
    }

    @Test
    void argsWithSpacesStayOnePath() {
        Call call = onlyCall("<tool-use>\n<save args=\"my notes/todo list.md\">\n- milk\n</save>\n</tool-use>");
        assertThat(call.use().args()).containsExactly("my notes/todo list.md");
        assertThat(call.use().content()).isEqualTo("- milk");
    }

    @Test
    void singleQuotedAndUnquotedAttributesAreRead() {
        assertThat(onlyCall("<tool-use><save args='say \"hi\".txt'>x</save></tool-use>").use().args())
                .containsExactly("say \"hi\".txt");
        assertThat(onlyCall("<tool-use><save args=hello.py>x</save></tool-use>").use().args()).containsExactly("hello.py");
    }

    @Test
    void attributeEntitiesAreDecodedButBodyEntitiesAreNot() {
        Call call = onlyCall("<tool-use><save args=\"a&amp;b &lt;c&gt; &quot;d&quot; &apos;e&apos; &#65;&#x42; &nbsp;\">&amp;</save></tool-use>");
        assertThat(call.use().args()).containsExactly("a&b <c> \"d\" 'e' AB &nbsp;");
        assertThat(call.use().content()).isEqualTo("&amp;");
    }

    @Test
    void attributesSpanningLinesAreRead() {
        Call call = onlyCall("<tool-use>\n<save\n    args=\"a.txt\"\n>\nx\n</save>\n</tool-use>");
        assertThat(call.use().args()).containsExactly("a.txt");
    }

    @Test
    void otherAttributesBecomeNamedArguments() {
        Call call = onlyCall("<tool-use><shell timeout=\"30\" cwd='/tmp'>ls</shell></tool-use>");
        assertThat(call.use().kwargs()).containsExactly(Map.entry("timeout", "30"), Map.entry("cwd", "/tmp"));
        assertThat(call.use().content()).isEqualTo("ls");
    }

    @Test
    void pyTagCallsIpython() {
        Call call = onlyCall("<tool-use>\n<py>\nprint(1)\n</py>\n</tool-use>");
        assertThat(call.use().tool()).isEqualTo("ipython");
        assertThat(call.raw()).isEqualTo("<py>\nprint(1)\n</py>");
    }

    @Test
    void toolNameAndTagBothCallTheTool() {
        assertThat(onlyCall("<tool-use><ipython>1</ipython></tool-use>").use().tool()).isEqualTo("ipython");
    }

    @Test
    void unknownToolElementIsUnparsed() {
        Unparsed u = onlyUnparsed("<tool-use>\n<browse args=\"x\">\nhttps://example.com\n</browse>\n</tool-use>");
        assertThat(u.dialect()).isSameAs(XmlDialect.INSTANCE);
        assertThat(u.raw()).isEqualTo("<browse args=\"x\">\nhttps://example.com\n</browse>");
        assertThat(u.problem()).contains("'browse'").contains("shell, ipython, jshell, save, append, patch, read");
    }

    @Test
    void aliasElementIsUnparsedAndNamesTheToolMeant() {
        Unparsed u = onlyUnparsed("<tool-use>\n<python>\nprint(1)\n</python>\n</tool-use>");
        assertThat(u.problem()).contains("'python'").contains("<ipython>");
    }

    @Test
    void callsAfterAnUnknownElementStillRun() {
        List<Segment> s = split("<tool-use>\n<foo>x</foo>\n<shell>ls</shell>\n</tool-use>");
        assertThat(s).hasSize(2);
        assertThat(s.get(0)).isInstanceOf(Unparsed.class);
        assertThat(((Call) s.get(1)).use().content()).isEqualTo("ls");
    }

    @Test
    void unclosedElementIsUnparsed() {
        Unparsed u = onlyUnparsed("Sure.\n<tool-use>\n<shell>\nls -la");
        assertThat(u.raw()).isEqualTo("<shell>\nls -la");
        assertThat(u.problem()).contains("unclosed <shell> element").contains("not run").contains("cut off");
    }

    @Test
    void cdataNeverClosedKeepsTheElementOpen() {
        Unparsed u = onlyUnparsed("<tool-use>\n<shell>\n<![CDATA[ls\n</shell>\n</tool-use>\n");
        assertThat(u.problem()).contains("unclosed <shell> element");
    }

    @Test
    void unclosedWrapperWithNoCallIsUnparsed() {
        Unparsed u = onlyUnparsed("Let me check.\n<tool-use>\n\n");
        assertThat(u.raw()).isEqualTo("<tool-use>\n\n");
        assertThat(u.problem()).contains("unclosed <tool-use> with no tool call inside");
    }

    @Test
    void unclosedWrapperAfterACallIsFine() {
        assertThat(split("<tool-use>\n<shell>ls</shell>\n")).singleElement().isInstanceOf(Call.class);
    }

    @Test
    void messageEndingInsideAStartTagIsUnparsed() {
        Unparsed u = onlyUnparsed("<tool-use>\n<save args=\"notes");
        assertThat(u.raw()).isEqualTo("<save args=\"notes");
        assertThat(u.problem()).contains("before its '>'");
    }

    @Test
    void textInsideTheWrapperIsProseAndSpacesBetweenElementsAreNot() {
        List<Segment> s = split("<tool-use>\n  Running it:\n<shell>ls</shell>\n\n<shell>pwd</shell>\n</tool-use>");
        assertThat(proseOf(s)).containsExactly("Running it:\n");
        assertThat(s).filteredOn(Call.class::isInstance).hasSize(2);
    }

    @Test
    void strayLessThanInsideTheWrapperIsProse() {
        List<Segment> s = split("<tool-use>\nif a < b or a <3 or <\n<shell>ls</shell></tool-use>");
        assertThat(proseOf(s)).containsExactly("if a < b or a <3 or <\n");
        assertThat(s.get(1)).isInstanceOf(Call.class);
    }

    @Test
    void strayTagLongerThanTheCapIsProse() {
        String stray = "<a " + "x".repeat(StartTag.MAX_LENGTH + 10) + ">\n";
        List<Segment> s = split("<tool-use>\n" + stray + "<shell>ls</shell>\n</tool-use>");
        assertThat(proseOf(s)).containsExactly(stray);
        assertThat(((Call) s.get(1)).use().content()).isEqualTo("ls");
    }

    @Test
    void quotedValueRunningPastItsLineIsProse() {
        List<Segment> s = split("<tool-use>\n<a href=\"x\ny\">\n<shell>ls</shell>\n</tool-use>");
        assertThat(proseOf(s)).containsExactly("<a href=\"x\ny\">\n");
        assertThat(s).filteredOn(Call.class::isInstance).hasSize(1);
    }

    @Test
    void crlfLineEndingsAreHandled() {
        List<Segment> s = split("Ok.\r\n<tool-use>\r\n<shell>\r\nls\r\npwd\r\n</shell>\r\n</tool-use>\r\nDone.\r\n");
        assertThat(proseOf(s)).containsExactly("Ok.\r\n", "Done.\r\n");
        assertThat(((Call) s.get(1)).use().content()).isEqualTo("ls\r\npwd");
    }

    @Test
    void unicodeAndEmojiInBodySurvive() {
        String body = "echo 'héllo wörld 中文 😀🚀 \uD83D\uDC4D' > 文件.txt";
        List<Segment> s = split("Voilà 😀\n<tool-use>\n<shell>\n" + body + "\n</shell>\n</tool-use>\n👍");
        assertThat(((Call) s.get(1)).use().content()).isEqualTo(body);
        assertThat(proseOf(s)).containsExactly("Voilà 😀\n", "👍");
    }

    @Test
    void emojiInProseInsideTheWrapperSurvivesEveryCut() {
        List<Segment> s = split("<tool-use>\n😀 <🚀> 👍\n<shell>ls</shell>\n</tool-use>");
        assertThat(proseOf(s)).containsExactly("😀 <🚀> 👍\n");
    }

    @Test
    void emptyClosedWrapperIsOnlyMarkup() {
        assertThat(split("<tool-use>\n</tool-use>\nok")).containsExactly(new Prose("ok", 23, 25));
    }

    @Test
    void lineBreakAfterTheWrapperBelongsToTheWrapper() {
        String msg = "<tool-use>\n<shell>ls</shell>\n</tool-use>  \nDone.";
        List<Segment> s = split(msg);
        assertThat(s.get(1)).isEqualTo(new Prose("Done.", msg.length() - 5, msg.length()));
    }

    @Test
    void textAfterTheClosingWrapperOnTheSameLineIsProse() {
        List<Segment> s = split("<tool-use><shell>ls</shell></tool-use> then more\n<tool-use><shell>pwd</shell></tool-use>");
        assertThat(proseOf(s)).containsExactly(" then more\n");
        assertThat(s).filteredOn(Call.class::isInstance).hasSize(2);
    }

    @Test
    void closingWrapperOfTheOtherKindIsProse() {
        List<Segment> s = split("<tool-use>\n<shell>ls</shell>\n</function_calls>\n</tool-use>\nok");
        assertThat(proseOf(s)).containsExactly("</function_calls>\n", "ok");
    }
}
