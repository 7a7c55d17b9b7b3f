package dev.rosetta.llm.fallback;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

import dev.rosetta.llm.ChatEvent;
import dev.rosetta.llm.ChatRequest;
import dev.rosetta.llm.ChatStream;
import dev.rosetta.llm.ProviderException;
import dev.rosetta.llm.ProviderErrors;
import dev.rosetta.llm.ProviderException.Kind;

/**
 * One request's walk down the chain: which model is next, why earlier ones were left, and the
 * notices that tell the user. Not thread-safe; one reply uses it from one thread.
 */
final class FallbackChain {

    private final List<FallbackCandidate> candidates;
    private final ChatRequest request;
    private final Deque<ChatEvent.Notice> notices = new ArrayDeque<>();
    private final List<FallbackCandidate> skipped = new ArrayList<>();
    private final List<String> failures = new ArrayList<>();
    private final List<ProviderException> errors = new ArrayList<>();
    private int next;
    private FallbackCandidate current;
    private String leftBecause;

    FallbackChain(List<FallbackCandidate> candidates, ChatRequest request) {
        this.candidates = candidates;
        this.request = request;
    }

    /** The reply of the next model that answers; throws when the chain is used up. */
    ChatStream open() throws ProviderException {
        while (next < candidates.size()) {
            FallbackCandidate candidate = candidates.get(next++);
            if (!request.tools().isEmpty() && !candidate.provider().supportsNativeTools()) {
                skipped.add(candidate);
                notices.add(new ChatEvent.Notice(candidate.label() + " is skipped: provider '"
                        + candidate.provider().name() + "' doesn't support native tool calling"));
                continue;
            }
            announce(candidate);
            try {
                return candidate.provider().chat(requestFor(candidate));
            } catch (ProviderException e) {
                failed(e);
            }
        }
        throw usedUp();
    }

    /**
     * The current model failed before any output. An exhausted model is remembered so the next
     * can be tried; anything else is thrown as it is, earlier failures attached.
     */
    void failed(ProviderException e) throws ProviderException {
        if (!e.exhaustsModel()) {
            errors.forEach(e::addSuppressed);
            throw e;
        }
        failures.add(current.label() + ": " + e.getMessage());
        errors.add(e);
        leftBecause = current.label() + " " + describe(e);
    }

    /** The next notice for the user, or null. */
    ChatEvent.Notice pollNotice() {
        return notices.poll();
    }

    private void announce(FallbackCandidate candidate) {
        if (leftBecause != null) {
            notices.add(new ChatEvent.Notice(leftBecause + "; switching to " + candidate.label()));
        } else if (current == null && !skipped.isEmpty()) {
            notices.add(new ChatEvent.Notice("using " + candidate.label() + " instead"));
        }
        leftBecause = null;
        current = candidate;
    }

    private ChatRequest requestFor(FallbackCandidate c) {
        return request.withModel(c.model());
    }

    private ProviderException usedUp() {
        if (errors.isEmpty()) {
            String message = candidates.size() == 1
                    ? "Provider '" + skipped.getFirst().provider().name() + "' doesn't support native tool calling"
                    : "no model in the fallback chain supports native tool calling (" + labels(skipped) + ")";
            return new ProviderException(Kind.CONFIG, message + "; " + ProviderErrors.TEXT_FORMATS);
        }
        List<String> reasons = new ArrayList<>(failures);
        skipped.forEach(s -> reasons.add(s.label() + ": skipped, no native tool calling"));
        ProviderException last = errors.getLast();
        ProviderException all = new ProviderException(last.kind(), last.status(),
                "every model in the fallback chain failed: " + String.join("; ", reasons), last.providerMessage(),
                last);
        errors.subList(0, errors.size() - 1).forEach(all::addSuppressed);
        return all;
    }

    private static String labels(List<FallbackCandidate> list) {
        return String.join(", ", list.stream().map(FallbackCandidate::label).toList());
    }

    /** Why a model was left, in words: "is rate limited (HTTP 429)". */
    static String describe(ProviderException e) {
        String what = switch (e.kind()) {
            case RATE_LIMITED -> "is rate limited";
            case OVERLOADED -> "is overloaded";
            case CONNECTION -> "could not be reached";
            default -> "had a server error";
        };
        return what + (e.status() > 0 ? " (HTTP " + e.status() + ")" : "");
    }
}
