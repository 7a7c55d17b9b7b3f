package dev.rosetta.tools.mcp;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.Function;

import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import reactor.core.publisher.Mono;

/**
 * The SDK's transport, watched both ways: a {@code tools/call} request is remembered by its
 * progress token, so that a call Rosetta gives up on (Ctrl-C, its time limit) can be named in a
 * {@code notifications/cancelled} to the server (the SDK keeps request ids to itself); and a
 * {@code notifications/tools/list_changed} is reported the moment it arrives and kept from the
 * SDK, whose own answer to it lists every page the server names, once for every notification —
 * without end for a server that names pages without end, ten thousand times for ten thousand
 * notifications. The owner lists the tools again itself, bounded. Everything else passes through
 * unchanged.
 */
final class CallTracking implements McpClientTransport {

    private final McpClientTransport delegate;
    private final Map<Object, Object> requestIds = new ConcurrentHashMap<>();
    private final Runnable listChanged;

    /** @param listChanged run when the server says its tools changed, in the order of its messages */
    CallTracking(McpClientTransport delegate, Runnable listChanged) {
        this.delegate = delegate;
        this.listChanged = listChanged;
    }

    @Override
    public Mono<Void> sendMessage(McpSchema.JSONRPCMessage message) {
        if (message instanceof McpSchema.JSONRPCRequest request
                && McpSchema.METHOD_TOOLS_CALL.equals(request.method())
                && request.params() instanceof McpSchema.CallToolRequest call
                && call.progressToken() != null) {
            requestIds.put(call.progressToken(), request.id());
        }
        return delegate.sendMessage(message);
    }

    /** Tells the server to stop the call made with {@code progressToken}, if it was sent. */
    void cancel(Object progressToken, String reason) {
        Object id = requestIds.remove(progressToken);
        if (id != null) {
            var notice = new McpSchema.JSONRPCNotification("notifications/cancelled",
                    Map.of("requestId", id, "reason", reason));
            delegate.sendMessage(notice).onErrorComplete().subscribe();
        }
    }

    /** The call made with {@code progressToken} got its answer: nothing to cancel any more. */
    void finished(Object progressToken) {
        requestIds.remove(progressToken);
    }

    @Override
    public Mono<Void> connect(Function<Mono<McpSchema.JSONRPCMessage>, Mono<McpSchema.JSONRPCMessage>> handler) {
        return delegate.connect(incoming -> handler.apply(incoming.filter(message -> {
            if (message instanceof McpSchema.JSONRPCNotification n
                    && McpSchema.METHOD_NOTIFICATION_TOOLS_LIST_CHANGED.equals(n.method())) {
                listChanged.run();
                return false;
            }
            return true;
        })));
    }

    @Override
    public void setExceptionHandler(Consumer<Throwable> handler) {
        delegate.setExceptionHandler(handler);
    }

    @Override
    public void close() {
        delegate.close();
    }

    @Override
    public Mono<Void> closeGracefully() {
        return delegate.closeGracefully();
    }

    @Override
    public <T> T unmarshalFrom(Object data, TypeRef<T> typeRef) {
        return delegate.unmarshalFrom(data, typeRef);
    }

    @Override
    public List<String> protocolVersions() {
        return delegate.protocolVersions();
    }
}
