package dev.rosetta.web.conversation;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import dev.rosetta.agent.session.SessionHost;
import dev.rosetta.web.events.EventStream;

/**
 * A conversation the server has open: its host, the browsers watching it, and whether the server
 * opened it (and closes it when nobody watches) or a terminal published it (and owns it).
 *
 * @param epoch names this opening in event ids: a browser holding an id of an earlier one (the
 *              conversation was closed and opened again, numbering from 1) starts over from its history
 */
public record OpenConversation(SessionHost host, String epoch, boolean owned, AtomicInteger viewers,
        Set<EventStream> streams) {

    OpenConversation(SessionHost host, String epoch, boolean owned) {
        this(host, epoch, owned, new AtomicInteger(), ConcurrentHashMap.newKeySet());
    }

    /** The conversation's id now (a /rename changes it). */
    public String id() {
        return host.conversation().log().id();
    }
}
