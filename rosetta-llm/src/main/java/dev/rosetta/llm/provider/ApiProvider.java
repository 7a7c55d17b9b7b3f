package dev.rosetta.llm.provider;

import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Map;

import dev.rosetta.llm.ApiKey;
import dev.rosetta.llm.Provider;

/**
 * A provider that speaks one API for one entry of the provider directory: what it is called,
 * whether it takes native tools and the headers every request carries come from its settings.
 */
public abstract class ApiProvider implements Provider {

    protected final ProviderSettings settings;

    /** @throws IllegalArgumentException when the settings are for another API (a wiring mistake) */
    protected ApiProvider(ProviderSettings settings, Api api) {
        if (settings.api() != api) {
            throw new IllegalArgumentException(settings.name() + " does not speak " + api + " but " + settings.api());
        }
        this.settings = settings;
    }

    @Override
    public final String name() {
        return settings.name();
    }

    @Override
    public final boolean supportsNativeTools() {
        return settings.nativeTools();
    }

    /**
     * The settings' extra headers, then the key (when there is one) in the settings' key header:
     * as {@code Bearer KEY} in {@code authorization}, as itself in any other (Azure's {@code
     * api-key}, Anthropic's {@code x-api-key}).
     */
    protected Map<String, String> headers(ApiKey key) {
        Map<String, String> headers = new LinkedHashMap<>(settings.extraHeaders());
        if (key != null && settings.authHeader() != null) {
            boolean bearer = settings.authHeader().equalsIgnoreCase("authorization");
            headers.put(settings.authHeader(), (bearer ? "Bearer " : "") + key.reveal());
        }
        return headers;
    }

    /**
     * Where an API's requests go: {@code path} after the base URL as users give it (with or without
     * a final slash), a query on it kept at the end (Azure's {@code ?api-version=…}).
     */
    protected static URI endpoint(URI base, String path) {
        String s = base.toString();
        int q = s.indexOf('?');
        String before = q < 0 ? s : s.substring(0, q);
        String query = q < 0 ? "" : s.substring(q);
        return URI.create(before.replaceAll("/+$", "") + path + query);
    }
}
