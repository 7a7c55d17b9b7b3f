package dev.rosetta.llm.http;

import java.util.Objects;

import dev.rosetta.core.secret.Redaction;
import dev.rosetta.llm.ProviderException;

/**
 * The one rule for every string a provider sent that Rosetta passes on — error bodies, mid-stream
 * error events, the words in a retry notice: the key the request carried is blanked (servers
 * quote a rejected key), and the text becomes one line whose control characters are shown, not
 * obeyed. Line breaks and tabs become spaces; every other C0 or C1 control character (ESC, BEL,
 * DEL, CSI…) and the bidirectional overrides are written as {@code \x1b} / {@code \u202e}, so an
 * escape sequence in an error body can neither retitle nor clear the terminal, and whoever reads
 * the line still sees that the server sent one.
 */
public final class ProviderText {

    private ProviderText() {}

    public static String clean(String text, Redaction secrets) {
        if (text == null) {
            return null;
        }
        String redacted = secrets.apply(text);
        StringBuilder out = new StringBuilder(redacted.length());
        redacted.codePoints().forEach(cp -> {
            if (cp == '\n' || cp == '\r' || cp == '\t') {
                out.append(' ');
            } else if (Character.getType(cp) == Character.CONTROL) {
                out.append(String.format("\\x%02x", cp));
            } else if (bidiControl(cp)) {
                out.append(String.format("\\u%04x", cp));
            } else {
                out.appendCodePoint(cp);
            }
        });
        return out.toString();
    }

    /** The same failure with its texts cleaned; the failure itself when there was nothing to clean. */
    public static ProviderException clean(ProviderException e, Redaction secrets) {
        String message = clean(e.getMessage(), secrets);
        String said = clean(e.providerMessage(), secrets);
        if (Objects.equals(message, e.getMessage()) && Objects.equals(said, e.providerMessage())) {
            return e;
        }
        ProviderException cleaned = new ProviderException(e.kind(), e.status(), message, said, e.getCause());
        cleaned.setStackTrace(e.getStackTrace());
        for (Throwable s : e.getSuppressed()) {
            cleaned.addSuppressed(s);
        }
        return cleaned;
    }

    private static boolean bidiControl(int cp) {
        return cp == 0x061C || cp == 0x200E || cp == 0x200F || (cp >= 0x202A && cp <= 0x202E)
                || (cp >= 0x2066 && cp <= 0x2069);
    }
}
