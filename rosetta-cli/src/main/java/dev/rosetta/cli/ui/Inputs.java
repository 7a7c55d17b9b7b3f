package dev.rosetta.cli.ui;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.function.Consumer;

/**
 * What the user sent, in order, for the one thread that runs turns and commands. A message sent
 * while nothing runs is shown at once and taken at once; one sent while a turn runs waits, shown
 * as queued, and is shown as sent when its turn comes.
 */
final class Inputs {

    private final Deque<String> waiting = new ArrayDeque<>();
    private final Consumer<String> shown;
    private final Consumer<List<String>> queued;
    /** The runner has taken an input and not yet asked for the next. */
    private boolean busy;
    private String taken;
    private boolean closed;

    /**
     * @param shown  puts a message into the scrollback as sent (under the prompt it was typed at)
     * @param queued shows what waits
     */
    Inputs(Consumer<String> shown, Consumer<List<String>> queued) {
        this.shown = shown;
        this.queued = queued;
    }

    synchronized void submit(String text) {
        if (closed) {
            return;
        }
        if (!busy && waiting.isEmpty()) {
            busy = true;
            taken = text;
            shown.accept(text);
        } else {
            waiting.add(text);
            queued.accept(List.copyOf(waiting));
        }
        notifyAll();
    }

    /** The next input, waiting for one; null once closed. Shows a queued message as sent. */
    synchronized String next() throws InterruptedException {
        if (taken == null) {
            busy = false;
        }
        while (taken == null && waiting.isEmpty() && !closed) {
            wait();
        }
        if (closed) {
            return null;
        }
        if (taken != null) {
            String text = taken;
            taken = null;
            return text;
        }
        busy = true;
        String text = waiting.poll();
        queued.accept(List.copyOf(waiting));
        shown.accept(text);
        return text;
    }

    /** Whether an input is being handled. */
    synchronized boolean busy() {
        return busy || taken != null;
    }

    /** Takes back what waits (after an interrupt, for the prompt), oldest first. */
    synchronized List<String> takeWaiting() {
        List<String> all = new ArrayList<>(waiting);
        waiting.clear();
        queued.accept(List.of());
        return all;
    }

    synchronized void close() {
        closed = true;
        notifyAll();
    }
}
