package dev.rosetta.tools.mcp;

import java.util.Locale;

import io.modelcontextprotocol.spec.McpSchema;
import reactor.core.scheduler.Schedulers;
import reactor.core.publisher.Mono;

/**
 * A server's forms (MCP elicitation) put to the user, and the answers given back in the SDK's terms.
 * Each is asked on a thread that may block (the SDK's own must not); a field the user leaves out gets
 * the server's default from the SDK. What was asked and answered goes to the server's log.
 */
final class FormElicitation {

    private final McpServerSettings settings;
    private final StderrLog stderr;
    private final McpForm.Asker forms;

    FormElicitation(McpServerSettings settings, StderrLog stderr, McpForm.Asker forms) {
        this.settings = settings;
        this.stderr = stderr;
        this.forms = forms;
    }

    Mono<McpSchema.ElicitResult> elicited(McpSchema.ElicitFormRequest request) {
        return Mono.fromCallable(() -> {
            McpForm form = McpForm.of(settings.name(), settings.endpoint().redact(request.message()),
                    request.requestedSchema());
            stderr.note("the server asked the user: " + form.message());
            McpForm.Answer answer = forms.ask(form);
            stderr.note("the user's answer: " + answer.getClass().getSimpleName().toLowerCase(Locale.ROOT));
            return switch (answer) {
                case McpForm.Answer.Accept accept -> new McpSchema.ElicitResult(McpSchema.ElicitResult.Action.ACCEPT,
                        accept.content());
                case McpForm.Answer.Decline decline -> new McpSchema.ElicitResult(
                        McpSchema.ElicitResult.Action.DECLINE, null);
                case McpForm.Answer.Cancel cancel -> new McpSchema.ElicitResult(McpSchema.ElicitResult.Action.CANCEL,
                        null);
            };
        }).subscribeOn(Schedulers.boundedElastic())
                .onErrorResume(InterruptedException.class, e -> Mono.just(
                        new McpSchema.ElicitResult(McpSchema.ElicitResult.Action.CANCEL, null)));
    }
}
