package dev.rosetta.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import dev.rosetta.core.json.Json;
import tools.jackson.databind.JsonNode;

/**
 * Hooks through the jar (docs/CONFIG.md, Hooks), with scripts written as Claude Code's hooks reference
 * has them: each reads its JSON object on stdin, keeps it in a file for the test, and answers with an
 * exit status, stderr or a JSON object on stdout.
 */
class HooksIT extends EndToEnd {

    private static final String MODEL = "openai/gpt-4.1";

    /** A python3 hook that appends the JSON it was given to {@code kept}, then does {@code then}. */
    private Path hook(String name, Path kept, String then) throws IOException {
        Path script = sandbox.home().resolve("hooks").resolve(name + ".py");
        Files.createDirectories(script.getParent());
        Files.writeString(script, """
                import json, sys
                data = json.load(sys.stdin)
                with open(%s, "a") as kept:
                    kept.write(json.dumps(data) + "\\n")
                %s
                """.formatted(Json.write(kept.toString()), then));
        return script;
    }

    private void config(String toml) throws IOException {
        Files.createDirectories(sandbox.userConfig());
        Files.writeString(sandbox.userConfig().resolve("config.toml"), toml);
    }

    private static List<JsonNode> kept(Path file) throws IOException {
        return Files.readAllLines(file).stream().map(Json.MAPPER::readTree).toList();
    }

    private static String toml(Path script) {
        return Json.write("python3 " + script);
    }

    @Test
    void aClaudeCodeGuardDeniesARiskyCallAndAPostToolUseHookSeesTheFileSaved() throws IOException {
        Path pre = sandbox.home().resolve("pre.jsonl");
        Path post = sandbox.home().resolve("post.jsonl");
        Path guard = hook("guard", pre, """
                if "rm -rf" in data["tool_input"].get("command", ""):
                    print(json.dumps({"hookSpecificOutput": {"hookEventName": "PreToolUse",
                        "permissionDecision": "deny", "permissionDecisionReason": "rm -rf is not allowed here"}}))
                """);
        Path format = hook("format", post, """
                print(json.dumps({"hookSpecificOutput": {"hookEventName": "PostToolUse",
                    "additionalContext": "formatted " + data["tool_input"]["file_path"]}}))
                """);
        config("""
                [[hooks]]
                event = "PreToolUse"
                matcher = "Bash"
                command = %s

                [[hooks]]
                event = "PostToolUse"
                matcher = "Write|Edit"
                command = %s
                """.formatted(toml(guard), toml(format)));
        Files.createDirectories(sandbox.workspace().resolve("data"));
        model.script(Format.TOOL.reply("Cleaning.\n", ModelCall.shell("rm -rf data")),
                Format.TOOL.reply("Noting it.\n", ModelCall.save("notes.md", "kept the data\n")),
                ScriptedReply.text("Done."));

        Run run = sandbox.rosetta("-n", "-y", "-m", MODEL, "--tool-format", "tool", "clean up");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(sandbox.workspace().resolve("data")).as("denied even under -y").isDirectory();
        assertThat(sandbox.workspace().resolve("notes.md")).hasContent("kept the data");
        assertThat(model.request(1).stringsContaining("rm -rf is not allowed here")).isPositive();
        Path notes = sandbox.workspace().resolve("notes.md").toRealPath();
        assertThat(model.request(2).stringsContaining("formatted " + notes)).isPositive();

        JsonNode guarded = kept(pre).getFirst();
        assertThat(kept(pre)).as("the matcher: the save call is not Bash").hasSize(1);
        assertThat(guarded.get("hook_event_name").asString()).isEqualTo("PreToolUse");
        assertThat(guarded.get("tool_name").asString()).isEqualTo("Bash");
        assertThat(guarded.get("tool_input").get("command").asString()).isEqualTo("rm -rf data");
        assertThat(guarded.get("tool_use_id").asString()).isNotBlank();
        assertThat(guarded.get("session_id").asString()).isNotBlank();
        assertThat(guarded.get("permission_mode").asString()).isEqualTo("bypassPermissions");
        assertThat(Path.of(guarded.get("cwd").asString()).toRealPath()).isEqualTo(sandbox.workspace().toRealPath());
        assertThat(Path.of(guarded.get("transcript_path").asString())).exists().hasFileName("conversation.jsonl");

        JsonNode saved = kept(post).getFirst();
        assertThat(saved.get("hook_event_name").asString()).isEqualTo("PostToolUse");
        assertThat(saved.get("tool_name").asString()).isEqualTo("Write");
        assertThat(saved.get("tool_input").get("file_path").asString()).isEqualTo(notes.toString());
        assertThat(saved.get("tool_input").get("content").asString()).isEqualTo("kept the data\n");
        assertThat(saved.get("tool_response").get("success").asBoolean()).isTrue();
        assertThat(saved.get("session_id").asString()).isEqualTo(guarded.get("session_id").asString());
    }

    @Test
    void exitTwoFromAUserPromptSubmitHookBlocksTheMessageWithItsStderr() throws IOException {
        config("""
                [[hooks]]
                event = "UserPromptSubmit"
                command = "echo 'no passwords in prompts' >&2; exit 2"
                """);

        Run run = sandbox.rosetta("-n", "-m", MODEL, "my password is hunter2");

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
        assertThat(run.stderr()).contains("no passwords in prompts");
        assertThat(model.requests()).as("the message is never sent").isEmpty();
    }

    @Test
    void aUserPromptSubmitHookAddsContextAndAStopHookKeepsTheTurnGoingOnce() throws IOException {
        Path stops = sandbox.home().resolve("stops.jsonl");
        Path stop = hook("stop", stops, """
                if not data["stop_hook_active"]:
                    print("run the tests before you stop", file=sys.stderr)
                    sys.exit(2)
                """);
        config("""
                [[hooks]]
                event = "UserPromptSubmit"
                command = "echo 'The release is on Friday.'"

                [[hooks]]
                event = "Stop"
                command = %s
                """.formatted(toml(stop)));
        model.script(ScriptedReply.text("Done."), ScriptedReply.text("The tests pass."));

        Run run = sandbox.rosetta("-n", "-m", MODEL, "when do we ship?");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(model.request(0).stringsContaining("The release is on Friday.")).isPositive();
        assertThat(model.request(1).stringsContaining("run the tests before you stop")).isPositive();
        assertThat(kept(stops)).extracting(s -> s.get("stop_hook_active").asBoolean()).containsExactly(false, true);
        assertThat(kept(stops).getFirst().get("last_assistant_message").asString()).isEqualTo("Done.");
    }

    /** A hook past its timeout is ended with what it started; the turn goes on, the failure said once. */
    @Test
    void aHookThatHangsIsKilledWithItsChildrenAtItsTimeoutAndTheTurnGoesOn() throws IOException {
        String mark = "ROSETTA_HOOK_TEST=" + UUID.randomUUID();
        sandbox.env().put(mark.substring(0, mark.indexOf('=')), mark.substring(mark.indexOf('=') + 1));
        config("""
                [[hooks]]
                event = "PreToolUse"
                command = "sleep 300 & sleep 300"
                timeout = "1s"
                """);
        model.script(Format.TOOL.reply("", ModelCall.shell("echo one > one.txt")),
                Format.TOOL.reply("", ModelCall.shell("echo two > two.txt")), ScriptedReply.text("Done."));

        Run run = sandbox.rosetta("-n", "-y", "-m", MODEL, "--tool-format", "tool", "write them");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(sandbox.workspace().resolve("one.txt")).exists();
        assertThat(sandbox.workspace().resolve("two.txt")).exists();
        assertThat(run.stdout().lines().filter(l -> l.contains("sleep 300"))).as(run.stdout()).singleElement()
                .satisfies(l -> assertThat(l).contains("timeout"));
        assertThat(ProcFs.withEnvironmentEntry(mark).stream().filter(ProcFs::isRunning))
                .as("the hook and the child it left").isEmpty();
    }

    @Test
    void sessionStartFiresOnStartAndResumeAndItsOutputReachesTheModel() throws IOException {
        Path starts = sandbox.home().resolve("starts.jsonl");
        Path start = hook("start", starts, "print(\"The build uses Gradle.\")");
        config("""
                [[hooks]]
                event = "SessionStart"
                command = %s
                """.formatted(toml(start)));
        model.script(ScriptedReply.text("Hello."), ScriptedReply.text("Hello again."));

        Run first = sandbox.rosetta("-n", "-m", MODEL, "hi");
        Run again = sandbox.rosetta("-n", "-r", "hi again");

        assertThat(first.exitCode()).as(first.toString()).isZero();
        assertThat(again.exitCode()).as(again.toString()).isZero();
        assertThat(model.request(0).stringsContaining("The build uses Gradle.")).isPositive();
        List<JsonNode> seen = kept(starts);
        assertThat(seen).extracting(e -> e.get("source").asString()).containsExactly("startup", "resume");
        for (JsonNode e : seen) {
            assertThat(e.get("hook_event_name").asString()).isEqualTo("SessionStart");
            assertThat(e.get("model").asString()).isEqualTo(MODEL);
            assertThat(e.get("session_id").asString()).isEqualTo(sandbox.conversation().getFileName().toString());
            assertThat(Path.of(e.get("cwd").asString()).toRealPath()).isEqualTo(sandbox.workspace().toRealPath());
            assertThat(Path.of(e.get("transcript_path").asString())).exists().hasFileName("conversation.jsonl");
        }
    }

    /**
     * Notification when Rosetta waits for an answer — a permission question, then an MCP server's form
     * (the everything server's), answered by a program over stdin — and PreCompact at /compact, whose
     * exit 2 stops the compaction with its stderr.
     */
    @Test
    void notificationFiresForAQuestionAndAFormAndPreCompactCanStopACompaction() throws IOException {
        Path notes = sandbox.home().resolve("notes.jsonl");
        Path compacts = sandbox.home().resolve("compacts.jsonl");
        Path notify = hook("notify", notes, "");
        Path compact = hook("compact", compacts, """
                print("not before the release", file=sys.stderr)
                sys.exit(2)
                """);
        config(ReferenceServers.everythingToml("everything") + """

                [[hooks]]
                event = "Notification"
                matcher = "permission_prompt|elicitation_dialog"
                command = %s

                [[hooks]]
                event = "PreCompact"
                matcher = "manual"
                command = %s
                """.formatted(toml(notify), toml(compact)));
        model.script(ScriptedReply.text("```everything.trigger-elicitation-request\n{}\n```\n"),
                ScriptedReply.text("Thanks."));

        try (Conversing rosetta = sandbox.converse("-m", MODEL, "--tool-format", "markdown", "--output-format",
                "json", "--input-format", "jsonl")) {
            rosetta.send(HeadlessIT.user("ask me"));
            JsonNode call = rosetta.next("question");
            rosetta.send(HeadlessIT.answer(call, "decision", "yes"));
            JsonNode form = rosetta.next("question");
            rosetta.send(HeadlessIT.answer(form, "action", "decline"));
            rosetta.next("turn_ended");
            rosetta.send(HeadlessIT.user("/compact keep the names"));
            rosetta.next("turn_ended");
            Run run = rosetta.finish();
            assertThat(run.exitCode()).as(run.toString()).isZero();
            assertThat(run.stdout()).contains("not before the release");
        }

        List<JsonNode> waited = kept(notes);
        assertThat(waited).extracting(e -> e.get("notification_type").asString())
                .containsExactly("permission_prompt", "elicitation_dialog");
        assertThat(waited).allSatisfy(e -> {
            assertThat(e.get("hook_event_name").asString()).isEqualTo("Notification");
            assertThat(e.get("message").asString()).isNotBlank();
            assertThat(e.get("session_id").asString()).isNotBlank();
        });
        assertThat(waited.get(1).get("message").asString()).contains("Please provide inputs");
        JsonNode compacting = kept(compacts).getFirst();
        assertThat(kept(compacts)).hasSize(1);
        assertThat(compacting.get("hook_event_name").asString()).isEqualTo("PreCompact");
        assertThat(compacting.get("trigger").asString()).isEqualTo("manual");
        assertThat(compacting.get("custom_instructions").asString()).isEqualTo("keep the names");
        assertThat(model.requests()).as("the compaction was stopped before any summary was asked").hasSize(2);
    }

    @Test
    void aProjectsHooksRunOnlyOnceApproved() throws IOException {
        Files.writeString(sandbox.workspace().resolve("rosetta.toml"), """
                [[hooks]]
                event = "UserPromptSubmit"
                command = "touch hook-ran"
                """);
        model.script(ScriptedReply.text("Hello."), ScriptedReply.text("Hello again."));

        Run held = sandbox.rosetta("-n", "-m", MODEL, "hi");
        assertThat(held.exitCode()).as(held.toString()).isZero();
        assertThat(held.stdout()).contains("rosetta hooks approve");
        assertThat(sandbox.workspace().resolve("hook-ran")).doesNotExist();

        Run listed = sandbox.rosetta("hooks");
        assertThat(listed.stdout()).contains("UserPromptSubmit: touch hook-ran").contains("not approved");
        Run approved = sandbox.rosetta("hooks", "approve");
        assertThat(approved.exitCode()).as(approved.toString()).isZero();

        Run ran = sandbox.rosetta("-n", "-m", MODEL, "hi again");
        assertThat(ran.exitCode()).as(ran.toString()).isZero();
        assertThat(sandbox.workspace().resolve("hook-ran")).exists();
    }
}
