package dev.rosetta.agent.hooks;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.rosetta.agent.hooks.HookVerdict.Permission;

/** How a hook's exit status and output read, as Claude Code's hooks reference defines them. */
class HookReplyTest {

    private static HookReply read(HookEvent event, int exit, String stdout, String stderr) {
        return HookReply.of(event, new HookRun(exit, stdout, stderr, null));
    }

    @Test
    void exitTwoBlocksWithItsStderrAsTheReason() {
        HookReply reply = read(HookEvent.PRE_TOOL_USE, 2, "", "Blocked: rm commands are not allowed\n");
        assertThat(reply.blocks()).isTrue();
        assertThat(reply.permission()).isEqualTo(Permission.DENY);
        assertThat(reply.reason()).isEqualTo("Blocked: rm commands are not allowed");
        assertThat(reply.problem()).isNull();
    }

    @Test
    void exitTwoBlocksEvenWhenTheJsonAllows() {
        HookReply reply = read(HookEvent.PRE_TOOL_USE, 2,
                "{\"hookSpecificOutput\":{\"hookEventName\":\"PreToolUse\",\"permissionDecision\":\"allow\"}}", "no");
        assertThat(reply.permission()).isEqualTo(Permission.DENY);
        assertThat(reply.reason()).isEqualTo("no");
    }

    @Test
    void permissionDecisionDenyGivesItsReason() {
        HookReply reply = read(HookEvent.PRE_TOOL_USE, 0, """
                {"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny",
                 "permissionDecisionReason": "Destructive command blocked by hook"}}""", "");
        assertThat(reply.blocks()).isTrue();
        assertThat(reply.reason()).isEqualTo("Destructive command blocked by hook");
    }

    @Test
    void theOldDecisionSpellingsStillDecideAPreToolUse() {
        assertThat(read(HookEvent.PRE_TOOL_USE, 0, "{\"decision\":\"approve\"}", "").permission())
                .isEqualTo(Permission.ALLOW);
        HookReply blocked = read(HookEvent.PRE_TOOL_USE, 0, "{\"decision\":\"block\",\"reason\":\"not here\"}", "");
        assertThat(blocked.permission()).isEqualTo(Permission.DENY);
        assertThat(blocked.reason()).isEqualTo("not here");
    }

    @Test
    void updatedInputComesWithTheDecision() {
        HookReply reply = read(HookEvent.PRE_TOOL_USE, 0, """
                {"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "allow",
                 "updatedInput": {"command": "npm run lint"}}}""", "");
        assertThat(reply.permission()).isEqualTo(Permission.ALLOW);
        assertThat(reply.updatedInput()).isEqualTo(Map.of("command", "npm run lint"));
    }

    @Test
    void plainStdoutIsContextOnlyWhereTheModelSeesIt() {
        assertThat(read(HookEvent.USER_PROMPT_SUBMIT, 0, "Current branch: main\n", "").context())
                .isEqualTo("Current branch: main");
        assertThat(read(HookEvent.SESSION_START, 0, "issue #42 is open", "").context()).isEqualTo("issue #42 is open");
        assertThat(read(HookEvent.PRE_TOOL_USE, 0, "checked", "").context()).isEmpty();
    }

    @Test
    void stdoutThatStartsWithABraceButIsNoJsonIsPlainText() {
        HookReply reply = read(HookEvent.USER_PROMPT_SUBMIT, 0, "{not json}", "");
        assertThat(reply.context()).isEqualTo("{not json}");
        assertThat(reply.problem()).isNull();
    }

    @Test
    void anotherStatusWithoutJsonIsAFailureNamingItsFirstStderrLine() {
        HookReply reply = read(HookEvent.POST_TOOL_USE, 1, "", "\n  jq: command not found\nmore\n");
        assertThat(reply.blocks()).isFalse();
        assertThat(reply.problem()).isEqualTo("it failed with status 1: jq: command not found");
    }

    @Test
    void anotherStatusWithValidJsonLetsTheJsonDecide() {
        HookReply reply = read(HookEvent.STOP, 1, "{\"decision\":\"block\",\"reason\":\"run the tests\"}", "");
        assertThat(reply.problem()).isNull();
        assertThat(reply.blocks()).isTrue();
        assertThat(reply.reason()).isEqualTo("run the tests");
    }

    @Test
    void jsonOfTheWrongShapeIsAFailureAndDecidesNothing() {
        HookReply reply = read(HookEvent.PRE_TOOL_USE, 0,
                "{\"hookSpecificOutput\":{\"hookEventName\":\"PreToolUse\",\"permissionDecision\":\"maybe\"}}", "");
        assertThat(reply.permission()).isEqualTo(Permission.NONE);
        assertThat(reply.problem()).contains("\"permissionDecision\" must be");
        assertThat(read(HookEvent.STOP, 0, "{\"continue\":\"no\"}", "").problem()).contains("\"continue\"");
        assertThat(read(HookEvent.POST_TOOL_USE, 0,
                "{\"hookSpecificOutput\":{\"hookEventName\":\"PreToolUse\"}}", "").problem()).contains("is for PreToolUse");
    }

    @Test
    void continueFalseStopsWithItsReason() {
        HookReply reply = read(HookEvent.POST_TOOL_USE, 0,
                "{\"continue\":false,\"stopReason\":\"Build failed, fix errors before continuing\"}", "");
        assertThat(reply.stop()).isTrue();
        assertThat(reply.stopReason()).isEqualTo("Build failed, fix errors before continuing");
    }

    @Test
    void aHookThatDidNotEndDecidesNothingAndSaysWhy() {
        HookReply reply = HookReply.of(HookEvent.PRE_TOOL_USE, HookRun.failed("it ran past its timeout of 1 s", "", ""));
        assertThat(reply.permission()).isEqualTo(Permission.NONE);
        assertThat(reply.problem()).contains("timeout");
    }

    @Test
    void denyWinsOverAskAndAskOverAllowAndContextsAddUp() {
        HookReply allow = read(HookEvent.PRE_TOOL_USE, 0, """
                {"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "allow",
                 "additionalContext": "one"}}""", "");
        HookReply ask = read(HookEvent.PRE_TOOL_USE, 0, """
                {"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "ask",
                 "permissionDecisionReason": "a production file", "additionalContext": "two"}}""", "");
        HookReply deny = read(HookEvent.PRE_TOOL_USE, 2, "", "never");
        HookVerdict asked = HookVerdict.of(List.of(allow, ask));
        assertThat(asked.permission()).isEqualTo(Permission.ASK);
        assertThat(asked.permissionReason()).isEqualTo("a production file");
        assertThat(asked.context()).isEqualTo("one\n\ntwo");
        HookVerdict denied = HookVerdict.of(List.of(allow, deny, ask));
        assertThat(denied.permission()).isEqualTo(Permission.DENY);
        assertThat(denied.reason()).isEqualTo("never");
    }

    @Test
    void deferMeansNothingHere() {
        HookReply defer = read(HookEvent.PRE_TOOL_USE, 0,
                "{\"hookSpecificOutput\":{\"hookEventName\":\"PreToolUse\",\"permissionDecision\":\"defer\"}}", "");
        assertThat(HookVerdict.of(List.of(defer)).permission()).isEqualTo(Permission.NONE);
    }
}
