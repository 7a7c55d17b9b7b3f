package dev.rosetta.llm;

import dev.rosetta.core.RosettaException;

/**
 * A provider call that failed, with what kind of failure it was (so the retry loop, the fallback
 * chain and the user can act on it), the HTTP status if there was one, and the provider's own
 * message. Never carries an API key.
 */
public final class ProviderException extends RosettaException {

    /** What went wrong, as far as acting on it goes. */
    public enum Kind {
        /** 401/403: the key is missing, wrong or lacks access. */
        AUTH,
        /** 400/404/422: the request itself is wrong (model name, parameters, message shape). */
        BAD_REQUEST,
        /** 429: rate limited; waiting helps. */
        RATE_LIMITED,
        /**
         * The account's quota or credit is used up (insufficient_quota, billing_error, 402): waiting
         * does not help, so it is not retried, but another provider in a fallback chain may answer.
         */
        QUOTA,
        /** 529 or an overload error: the provider is too busy. */
        OVERLOADED,
        /** 5xx and 408/409: the provider failed. */
        SERVER,
        /** The connection failed, or no byte came in time. */
        CONNECTION,
        /** The reply stream broke after it began. */
        STREAM_CUT,
        /** Something in Rosetta's own settings: a missing key variable, a provider without native tools. */
        CONFIG;

        /** Whether the same request may succeed if sent again after a wait. */
        public boolean isTransient() {
            return this == RATE_LIMITED || this == OVERLOADED || this == SERVER || this == CONNECTION;
        }
    }

    private final Kind kind;
    private final int status;
    private final String providerMessage;

    public ProviderException(Kind kind, int status, String message, String providerMessage, Throwable cause) {
        super(message, cause);
        this.kind = kind;
        this.status = status;
        this.providerMessage = providerMessage;
    }

    public ProviderException(Kind kind, String message) {
        this(kind, 0, message, null, null);
    }

    public Kind kind() {
        return kind;
    }

    /** The HTTP status, or 0 when there was no response. */
    public int status() {
        return status;
    }

    /** The provider's own words about the failure, or null. */
    public String providerMessage() {
        return providerMessage;
    }

    /** Whether the next model in a fallback chain may help: this one is busy, failing, unreachable or out of quota. */
    public boolean exhaustsModel() {
        return isTransient() || kind == Kind.QUOTA;
    }

    /** Whether the same request may succeed if sent again after a wait. */
    public boolean isTransient() {
        return kind.isTransient();
    }
}
