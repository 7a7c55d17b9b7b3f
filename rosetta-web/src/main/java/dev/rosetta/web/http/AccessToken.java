package dev.rosetta.web.http;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;

/**
 * The secret in the URL {@code rosetta serve} prints: 192 random bits, URL-safe. Compared in constant
 * time, so how long a wrong guess took says nothing about the right one.
 */
public final class AccessToken {

    private static final SecureRandom RANDOM = new SecureRandom();

    private AccessToken() {}

    public static String fresh() {
        byte[] bytes = new byte[24];
        RANDOM.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    static boolean matches(String expected, String given) {
        return given != null && MessageDigest.isEqual(expected.getBytes(StandardCharsets.UTF_8),
                given.getBytes(StandardCharsets.UTF_8));
    }
}
