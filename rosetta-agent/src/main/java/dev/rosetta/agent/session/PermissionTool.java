package dev.rosetta.agent.session;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

import dev.rosetta.agent.hooks.HookTools;
import dev.rosetta.core.RosettaException;
import dev.rosetta.core.json.Json;
import dev.rosetta.core.tool.Arguments;
import dev.rosetta.core.tool.InvalidArgumentsException;
import dev.rosetta.core.tool.ToolResult;
import dev.rosetta.core.tool.ToolSpec;
import dev.rosetta.core.tool.ToolUse;
import dev.rosetta.tools.Decision;
import dev.rosetta.tools.Tool;
import dev.rosetta.tools.Toolbox;

/**
 * {@code --permission-tool SERVER.TOOL}: an MCP tool that answers the conversation's permission
 * questions, as Claude Code's {@code --permission-prompt-tool} does. Each question is put to the tool
 * as {@code {"tool_name", "input", "tool_use_id"}} (the call in Claude Code's names, as hooks get it);
 * its text answer is the JSON {@code {"behavior": "allow", "updatedInput": {…}}} or
 * {@code {"behavior": "deny", "message": "…"}}. An answer that is neither, a tool that fails or is not
 * there, denies the call, saying why: a gate that breaks stays shut. It attaches to the host as any
 * front end does, so the first answer wins should someone else answer too.
 */
public final class PermissionTool implements AutoCloseable {

    private final SessionHost host;
    private final String name;
    private final Consumer<String> notices;
    private final SessionHost.Subscription subscription;

    private PermissionTool(SessionHost host, String name, Consumer<String> notices) {
        this.host = host;
        this.name = name;
        this.notices = notices;
        this.subscription = host.subscribe(0, this::heard);
    }

    /**
     * Answers {@code host}'s permission questions with the tool {@code written} names
     * ({@code server.tool}, or Claude Code's {@code mcp__server__tool}).
     *
     * @param notices where a failure of the tool is said
     */
    public static PermissionTool attach(SessionHost host, String written, Consumer<String> notices) {
        return new PermissionTool(host, toolName(written), notices);
    }

    /** {@code mcp__github__approve} is {@code github.approve}; {@code server.tool} stays as it is. */
    public static String toolName(String written) {
        String name = written.strip();
        if (name.startsWith("mcp__") && name.indexOf("__", 5) > 5) {
            int split = name.indexOf("__", 5);
            return name.substring(5, split) + "." + name.substring(split + 2);
        }
        if (!name.contains(".") || name.startsWith(".") || name.endsWith(".")) {
            throw new RosettaException("--permission-tool takes an MCP server's tool as SERVER.TOOL (or"
                    + " mcp__SERVER__TOOL), not '" + written + "'");
        }
        return name;
    }

    private void heard(NumberedEvent numbered) {
        if (numbered.event() instanceof SessionEvent.QuestionAsked asked
                && asked.question() instanceof Question.Permission permission) {
            Thread.ofVirtual().name("permission-tool").start(() -> host.answer(permission.id(),
                    new Answer.Decided(decide(permission.use()))));
        }
    }

    /** What the tool says of {@code use}. */
    Decision decide(ToolUse use) {
        Toolbox toolbox = host.conversation().session().toolbox();
        toolbox.awaitSources(); // its server may still be starting
        Optional<Tool> tool = toolbox.tool(name);
        if (tool.isEmpty()) {
            return refused("there is no MCP tool " + name + " (--permission-tool); is its server configured and"
                    + " running? /mcp says");
        }
        Path workspace = host.conversation().workspace();
        Map<String, Object> input = toolbox.tool(use.tool()).map(t -> bound(t.spec(), use))
                .map(args -> HookTools.toolInput(args, workspace)).orElse(new LinkedHashMap<>(use.kwargs()));
        try {
            ToolResult result = tool.get().run(arguments(tool.get().spec(), use, input), toolbox.context());
            if (result.isError()) {
                return refused(name + " failed: " + result.output());
            }
            return answer(Json.readObject(result.output().strip()), toolbox.tool(use.tool()), use);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Decision.No("the turn was stopped while " + name + " decided");
        } catch (RuntimeException | dev.rosetta.tools.ToolFailure e) {
            return refused(name + " gave no answer Rosetta could read (" + e.getMessage() + ")");
        }
    }

    /** The tool's question: of tool_name, input and tool_use_id, those its schema takes (all, when it says none). */
    private static Arguments arguments(ToolSpec spec, ToolUse use, Map<String, Object> input) {
        Map<String, Object> all = new LinkedHashMap<>();
        all.put("tool_name", HookTools.claudeName(use.tool()));
        all.put("input", input);
        all.put("tool_use_id", use.callId());
        if (spec.jsonSchema().get("properties") instanceof Map<?, ?> properties && !properties.isEmpty()) {
            all.keySet().retainAll(properties.keySet());
        }
        return spec.bind(ToolUse.named(spec.name(), all, null));
    }

    private Decision answer(Map<String, Object> json, Optional<Tool> called, ToolUse use) {
        Object behavior = json.get("behavior");
        if ("deny".equals(behavior)) {
            return new Decision.No(json.get("message") instanceof String m ? m : "");
        }
        if (!"allow".equals(behavior)) {
            return refused(name + " answered neither allow nor deny: " + Json.write(json));
        }
        if (json.get("updatedInput") instanceof Map<?, ?> updated && called.isPresent()) {
            @SuppressWarnings("unchecked")
            Map<String, Object> changed = (Map<String, Object>) updated;
            Arguments before = bound(called.get().spec(), use);
            Map<String, Object> next = before == null ? changed
                    : HookTools.updatedArguments(changed, before, host.conversation().workspace());
            try {
                return new Decision.Edit(called.get().spec().bind(ToolUse.named(use.tool(), next, use.callId())));
            } catch (InvalidArgumentsException e) {
                return refused(name + " changed the call into one that does not fit the tool: " + e.getMessage());
            }
        }
        return new Decision.Yes();
    }

    private Decision refused(String why) {
        notices.accept("permission tool: " + why + "; the call is denied");
        return new Decision.No(why);
    }

    private static Arguments bound(ToolSpec spec, ToolUse use) {
        try {
            return spec.bind(use);
        } catch (InvalidArgumentsException e) {
            return null;
        }
    }

    @Override
    public void close() {
        subscription.close();
    }
}
