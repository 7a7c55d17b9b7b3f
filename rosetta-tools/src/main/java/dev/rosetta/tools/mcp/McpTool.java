package dev.rosetta.tools.mcp;

import java.util.LinkedHashMap;
import java.util.Map;

import dev.rosetta.core.json.Json;
import dev.rosetta.core.tool.Arguments;
import dev.rosetta.core.tool.ErrorCode;
import dev.rosetta.core.tool.ToolResult;
import dev.rosetta.core.tool.ToolSpec;
import dev.rosetta.tools.Preview;
import dev.rosetta.tools.Tool;
import dev.rosetta.tools.ToolContext;
import dev.rosetta.tools.ToolFailure;
import dev.rosetta.tools.files.Workspace;
import io.modelcontextprotocol.spec.McpSchema;

/**
 * One tool of an MCP server, run like any built-in tool: the call's arguments (bound from
 * whichever dialect spelled it) are checked against the tool's input schema, shown for
 * confirmation with the server's and the tool's name, sent, and the answer turned into text for
 * the model. The server keeps the connection; closing a tool ends nothing.
 */
public final class McpTool implements Tool {

    private final McpServer server;
    private final McpSchema.Tool tool;
    private final ToolSpec spec;

    McpTool(McpServer server, McpSchema.Tool tool, ToolSpec spec) {
        this.server = server;
        this.tool = tool;
        this.spec = spec;
    }

    @Override
    public ToolSpec spec() {
        return spec;
    }

    /** The server's own name for the tool. */
    public String serverToolName() {
        return tool.name();
    }

    public McpServer server() {
        return server;
    }

    @Override
    public boolean trusted() {
        return server.settings().trust();
    }

    @Override
    public Preview preview(Arguments args, ToolContext context) throws ToolFailure {
        String problem = ArgumentCheck.problem(spec.jsonSchema(), args.values());
        if (problem != null) {
            throw invalid(problem);
        }
        return new Preview.JsonArguments("MCP server " + server.name() + " · tool " + tool.name(), pretty(args));
    }

    @Override
    public ToolResult run(Arguments args, ToolContext context) throws ToolFailure, InterruptedException {
        String problem = ArgumentCheck.problem(spec.jsonSchema(), args.values());
        if (problem != null) {
            throw invalid(problem);
        }
        // Checkpointed before the call is sent: once it is, the server may write at any moment.
        PathArguments.of(tool, args.values(), Workspace.of(context)).forEach(context.writes()::aboutToWrite);
        boolean restarts = !server.running();
        McpSchema.CallToolResult result;
        try {
            result = server.call(tool.name(), new LinkedHashMap<>(args.values()), server.progressOf(spec.name()));
        } catch (McpFailure f) {
            String again = f.code().equals(ErrorCode.UNAVAILABLE) ? "; Rosetta starts it again on the next call" : "";
            throw new ToolFailure(f.code(), f.getMessage() + again);
        }
        ToolResult answer = blanked(McpResultText.of(result, spec.name(), context));
        return restarts ? restarted(answer) : answer;
    }

    /** The answer without the secrets of the server's definition, as everything Rosetta writes of it. */
    private ToolResult blanked(ToolResult answer) {
        String output = server.settings().endpoint().redact(answer.output());
        return output.equals(answer.output()) ? answer : new ToolResult(output, answer.isError(), answer.code());
    }

    /** The result of a call that found the server stopped and started it again says so. */
    private ToolResult restarted(ToolResult answer) {
        String note = "(" + server.name() + " had stopped; Rosetta started it again for this call)\n";
        return answer.isError() ? ToolResult.error(answer.code(), answer.code().tag() + " " + note
                + answer.output().substring(answer.code().tag().length()).stripLeading())
                : ToolResult.ok(note + answer.output());
    }

    private ToolFailure invalid(String problem) {
        return new ToolFailure(ErrorCode.INVALID_ARGS, spec.name() + ": the arguments do not fit the tool's input"
                + " schema: " + problem);
    }

    private static String pretty(Arguments args) {
        return Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(args.values());
    }
}
