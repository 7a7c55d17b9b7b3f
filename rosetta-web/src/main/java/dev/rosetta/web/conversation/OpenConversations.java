package dev.rosetta.web.conversation;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

import dev.rosetta.agent.log.ConversationId;
import dev.rosetta.agent.log.ConversationLog;
import dev.rosetta.agent.log.Conversations;
import dev.rosetta.agent.log.LogDirectory;
import dev.rosetta.agent.session.SessionEvent;
import dev.rosetta.agent.session.SessionHost;
import dev.rosetta.agent.session.SessionSetup;
import dev.rosetta.agent.session.SessionSpec;
import dev.rosetta.core.RosettaException;
import dev.rosetta.llm.ProviderException;
import dev.rosetta.web.events.EventStream;

/**
 * The conversations the server has open, each on a session host of its own. A conversation is
 * opened when a browser opens it (resumed from its log, as {@code rosetta -r} does) and holds the
 * log's lock while open, so one turn runs at a time whoever sends it. When no browser watches it and
 * nothing runs or waits, it is closed after {@link #GRACE}, and the lock is free for {@code rosetta -r}
 * again. A conversation a terminal published ({@code --serve}) belongs to the terminal: it is never
 * closed here.
 */
public final class OpenConversations implements AutoCloseable {

    /** How long a conversation nobody watches stays open: a reload or a dropped connection comes back within it. */
    static final Duration GRACE = Duration.ofSeconds(20);

    private final Map<String, String> env;
    private final Path currentFolder;
    private final SessionSpec defaults;
    private final Consumer<String> warnings;
    private final Duration grace;
    private final List<OpenConversation> open = new ArrayList<>();
    private final AtomicLong openings = new AtomicLong();
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().name("rosetta-web-idle").daemon().factory());

    /**
     * @param defaults what a conversation opened here asks for where the page says nothing (calls are
     *                 confirmed: the browser answers)
     */
    public OpenConversations(Map<String, String> env, Path currentFolder, SessionSpec defaults,
            Consumer<String> warnings) {
        this(env, currentFolder, defaults, warnings, GRACE);
    }

    OpenConversations(Map<String, String> env, Path currentFolder, SessionSpec defaults, Consumer<String> warnings,
            Duration grace) {
        this.env = env;
        this.currentFolder = currentFolder;
        this.defaults = defaults;
        this.warnings = warnings;
        this.grace = grace;
    }

    public Path logs() {
        return LogDirectory.of(env);
    }

    public Map<String, String> env() {
        return env;
    }

    public Path currentFolder() {
        return currentFolder;
    }

    /** The conversation by its id now, if open here. */
    public synchronized Optional<OpenConversation> find(String id) {
        return open.stream().filter(o -> o.id().equals(id)).findFirst();
    }

    public synchronized List<OpenConversation> all() {
        return List.copyOf(open);
    }

    /** The conversation, opened from its log when it is not open here yet. */
    public synchronized OpenConversation open(String id) throws ProviderException {
        Optional<OpenConversation> found = find(id);
        if (found.isPresent()) {
            return found.get();
        }
        String folder = ConversationId.named(id).value(); // a name never leaves the log folder
        if (!java.nio.file.Files.isRegularFile(logs().resolve(folder).resolve(ConversationLog.FILE))) {
            throw new RosettaException("no conversation '" + id + "'; the list shows those there are");
        }
        return start(Specs.resume(defaults, id), true);
    }

    /** A new conversation with what the page chose (null: the configuration decides). */
    public synchronized OpenConversation create(String name, String model, String format, String workspace)
            throws ProviderException {
        return start(Specs.fresh(defaults, name, model, format, workspace), true);
    }

    /** A conversation a terminal runs, shown and steered here; the terminal closes it. */
    public synchronized OpenConversation publish(SessionHost host) {
        for (OpenConversation o : open) {
            if (o.host() == host) {
                return o;
            }
        }
        OpenConversation published = new OpenConversation(host, epoch(), false);
        open.add(published);
        return published;
    }

    private OpenConversation start(SessionSpec spec, boolean owned) throws ProviderException {
        // The page answers the host's questions, a server's forms among them.
        SessionSetup setup = new SessionSetup(spec, env, currentFolder, warnings).formsAnswered(true);
        SessionHost host = SessionHost.open(setup::open);
        OpenConversation opened = new OpenConversation(host, epoch(), owned);
        open.add(opened);
        // A turn that ends with nobody watching may be the last thing keeping the conversation open.
        host.subscribe(e -> {
            if (e.event() instanceof SessionEvent.TurnEnded) {
                later(opened);
            }
        });
        return opened;
    }

    private String epoch() {
        return Long.toString(System.currentTimeMillis(), 36) + openings.incrementAndGet();
    }

    /** A browser watches the conversation. */
    public void watch(OpenConversation conversation, EventStream stream) {
        conversation.viewers().incrementAndGet();
        conversation.streams().add(stream);
    }

    /** A browser stopped watching; the last one leaving an idle conversation lets it close after the grace. */
    public void leave(OpenConversation conversation, EventStream stream) {
        conversation.streams().remove(stream);
        conversation.viewers().decrementAndGet();
        later(conversation);
    }

    private void later(OpenConversation conversation) {
        if (conversation.owned() && !timer.isShutdown()) {
            timer.schedule(() -> closeIfIdle(conversation), grace.toMillis(), TimeUnit.MILLISECONDS);
        }
    }

    private void closeIfIdle(OpenConversation conversation) {
        synchronized (this) {
            if (conversation.viewers().get() > 0 || conversation.host().busy()
                    || !conversation.host().questions().isEmpty() || !open.remove(conversation)) {
                return;
            }
        }
        conversation.host().close();
    }

    /** Renames a conversation: through its host when open (the host's /rename), else in the log folder. */
    public void rename(String id, String name) {
        Optional<OpenConversation> found = find(id);
        if (found.isPresent()) {
            found.get().host().submit("/rename " + name);
        } else {
            Conversations.rename(logs(), id, name);
        }
    }

    @Override
    public void close() {
        timer.shutdownNow();
        List<OpenConversation> all;
        synchronized (this) {
            all = List.copyOf(open);
            open.clear();
        }
        for (OpenConversation o : all) {
            o.streams().forEach(EventStream::end);
            if (o.owned()) {
                o.host().close();
            }
        }
    }
}
