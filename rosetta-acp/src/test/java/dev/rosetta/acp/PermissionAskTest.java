package dev.rosetta.acp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import com.agentclientprotocol.sdk.spec.AcpSchema;
import com.agentclientprotocol.sdk.spec.AcpSchema.PermissionOptionKind;

import dev.rosetta.agent.session.Answer;
import dev.rosetta.agent.session.Question;
import dev.rosetta.core.tool.ToolUse;
import dev.rosetta.tools.Decision;
import dev.rosetta.tools.Preview;
import dev.rosetta.tools.permission.Permission;
import dev.rosetta.tools.permission.PermissionRule;

class PermissionAskTest {

    private static final ToolUse GIT = ToolUse.named("shell", Map.of("command", "git status --short"), "call_7");
    private static final PermissionRule NARROW = new PermissionRule("shell", "git status*", Permission.ALLOW, "session");
    private static final PermissionRule WIDE = new PermissionRule("shell", "git *", Permission.ALLOW, "session");
    private static final Question.Permission ASKED = new Question.Permission("q1", GIT,
            new Preview.Command("bash", "git status --short"), List.of(NARROW, WIDE));

    private static AcpSchema.RequestPermissionResponse picked(String option) {
        return new AcpSchema.RequestPermissionResponse(new AcpSchema.PermissionSelected(option));
    }

    private static String option(AcpSchema.RequestPermissionRequest request, String name) {
        return request.options().stream().filter(o -> o.name().equals(name)).findFirst().orElseThrow().optionId();
    }

    @Test
    void aConfirmationOffersAllowOnceEachRuleTheTerminalOffersRejectOnceAndRejectAlways() {
        AcpSchema.RequestPermissionRequest request = PermissionAsk.request("s1", ASKED);

        assertThat(request.sessionId()).isEqualTo("s1");
        assertThat(request.toolCall().toolCallId()).isEqualTo("call_7");
        assertThat(request.toolCall().title()).isEqualTo("shell: git status --short");
        assertThat(request.options()).extracting(AcpSchema.PermissionOption::kind).containsExactly(
                PermissionOptionKind.ALLOW_ONCE, PermissionOptionKind.ALLOW_ALWAYS, PermissionOptionKind.ALLOW_ALWAYS,
                PermissionOptionKind.REJECT_ONCE, PermissionOptionKind.REJECT_ALWAYS);
        assertThat(request.options()).extracting(AcpSchema.PermissionOption::name).contains(
                "Always allow shell \"git status*\"", "Always allow shell \"git *\"",
                "Always reject shell \"git status*\"");
        assertThat(request.options()).extracting(AcpSchema.PermissionOption::optionId).doesNotHaveDuplicates();
    }

    @Test
    void eachOptionPickedIsTheDecisionTheTerminalsKeyMakes() {
        AcpSchema.RequestPermissionRequest request = PermissionAsk.request("s1", ASKED);

        assertThat(PermissionAsk.answer(ASKED, picked(option(request, "Allow"))))
                .isEqualTo(new Answer.Decided(Decision.yes()));
        assertThat(PermissionAsk.answer(ASKED, picked(option(request, "Always allow shell \"git *\""))))
                .isEqualTo(new Answer.Decided(new Decision.Remember(WIDE)));
        assertThat(PermissionAsk.answer(ASKED, picked(option(request, "Reject"))))
                .isInstanceOfSatisfying(Answer.Decided.class, d -> assertThat(d.decision()).isInstanceOf(Decision.No.class));
        assertThat(PermissionAsk.answer(ASKED, picked(option(request, "Always reject shell \"git status*\""))))
                .isEqualTo(new Answer.Decided(new Decision.Refuse(
                        new PermissionRule("shell", "git status*", Permission.DENY, "session"))));
    }

    @Test
    void withoutRulesToRememberAlwaysMeansEveryLaterCallAndThereIsNoRejectAlways() {
        var asked = new Question.Permission("q2", GIT, null, List.of());
        AcpSchema.RequestPermissionRequest request = PermissionAsk.request("s1", asked);

        assertThat(request.options()).extracting(AcpSchema.PermissionOption::kind).containsExactly(
                PermissionOptionKind.ALLOW_ONCE, PermissionOptionKind.ALLOW_ALWAYS, PermissionOptionKind.REJECT_ONCE);
        String always = EditorOptions.of(request, PermissionOptionKind.ALLOW_ALWAYS);
        assertThat(PermissionAsk.answer(asked, picked(always))).isEqualTo(new Answer.Decided(new Decision.YesToAll()));
    }

    @Test
    void aCancelledRequestStopsTheTurnAndAnUnknownOptionIsARefusal() {
        assertThat(PermissionAsk.answer(ASKED, new AcpSchema.RequestPermissionResponse(
                new AcpSchema.PermissionCancelled()))).isEqualTo(Answer.STOP);
        assertThat(PermissionAsk.answer(ASKED, null)).isEqualTo(Answer.STOP);
        assertThat(PermissionAsk.answer(ASKED, picked("always:99"))).isInstanceOfSatisfying(Answer.Decided.class,
                d -> assertThat(d.decision()).isInstanceOf(Decision.No.class));
        assertThat(PermissionAsk.answer(ASKED, picked("always:x"))).isInstanceOfSatisfying(Answer.Decided.class,
                d -> assertThat(d.decision()).isInstanceOf(Decision.No.class));
    }

    @Test
    void aCommandsChoiceIsAskedWithItsOptionsAndAnsweredWithThePickedWord() {
        var choice = new Question.Choice("q3", "Put the files back too? ", List.of(new Question.Option("y", "yes"),
                new Question.Option("n", "no")));
        AcpSchema.RequestPermissionRequest request = PermissionAsk.request("s1", choice);

        assertThat(request.toolCall().title()).isEqualTo("Put the files back too?");
        assertThat(request.options()).extracting(AcpSchema.PermissionOption::optionId).containsExactly("y", "n");
        assertThat(PermissionAsk.answer(choice, picked("n"))).isEqualTo(new Answer.Text("n"));
        assertThat(PermissionAsk.answer(choice, new AcpSchema.RequestPermissionResponse(
                new AcpSchema.PermissionCancelled()))).isEqualTo(new Answer.Text(null));
    }

    /** The option of a kind, as an editor's button for it picks it. */
    private static final class EditorOptions {
        static String of(AcpSchema.RequestPermissionRequest request, PermissionOptionKind kind) {
            return request.options().stream().filter(o -> o.kind() == kind).findFirst().orElseThrow().optionId();
        }
    }

    /** Issue 25 §1: the editor's question shows invisible characters as marks, as the terminals do. */
    @Test
    void theQuestionShowsInvisibleCharactersAsMarks() {
        Question.Permission asked = new Question.Permission("q2", GIT,
                new Preview.Command("bash", "echo ok\u200B; rm -rf \u202Evictim"), List.of());

        AcpSchema.RequestPermissionRequest request = PermissionAsk.request("s1", asked);

        assertThat(request.toolCall().content()).singleElement().asString()
                .contains("echo ok<U+200B>; rm -rf <U+202E>victim").doesNotContain("\u200B");
    }
}
