package dev.rosetta.tools.files;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Tells binary files from text by their first bytes, and names common binary formats so that
 * the model learns what a file is without seeing its bytes.
 */
final class ContentSniffer {

    /** How much of a file is looked at. */
    static final int SAMPLE = 8192;

    private ContentSniffer() {}

    /**
     * Binary when the sample holds a NUL byte, or when more than a tenth of it is control
     * characters or bytes that are not UTF-8. A multi-byte character cut off by the end of the
     * sample does not count.
     */
    static boolean isBinary(byte[] sample, int length) {
        if (length == 0) {
            return false;
        }
        for (int i = 0; i < length; i++) {
            if (sample[i] == 0) {
                return true;
            }
        }
        return oddities(sample, length) * 10 > length;
    }

    private static int oddities(byte[] sample, int length) {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(sample, 0, length);
        CharBuffer out = CharBuffer.allocate(length);
        int odd = 0;
        while (true) {
            CoderResult result = decoder.decode(in, out, false);
            if (result.isError()) {
                odd += result.length();
                in.position(in.position() + result.length());
            } else {
                break;
            }
        }
        out.flip();
        for (int i = 0; i < out.length(); i++) {
            char c = out.charAt(i);
            if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != '\f' && c != '\b' && c != 0x1b) || c == 0x7f) {
                odd++;
            }
        }
        return odd;
    }

    /** "PNG image", "ZIP archive (or a JAR, DOCX…)", else the system's guess from the name, else "data". */
    static String describe(byte[] sample, int length, Path path) {
        String known = byMagic(sample, length);
        if (known != null) {
            return known;
        }
        try {
            String type = Files.probeContentType(path);
            if (type != null) {
                return type;
            }
        } catch (IOException | RuntimeException e) {
            // No guess from the system: say what is known.
        }
        return "data";
    }

    private static String byMagic(byte[] b, int n) {
        if (starts(b, n, 0x89, 'P', 'N', 'G')) return "PNG image";
        if (starts(b, n, 0xFF, 0xD8, 0xFF)) return "JPEG image";
        if (starts(b, n, 'G', 'I', 'F', '8')) return "GIF image";
        if (starts(b, n, 'R', 'I', 'F', 'F') && n >= 12 && b[8] == 'W' && b[9] == 'E' && b[10] == 'B' && b[11] == 'P') return "WebP image";
        if (starts(b, n, '%', 'P', 'D', 'F')) return "PDF document";
        if (starts(b, n, 'P', 'K', 3, 4)) return "ZIP archive (or a format built on ZIP: JAR, DOCX, XLSX…)";
        if (starts(b, n, 0x1F, 0x8B)) return "gzip-compressed data";
        if (starts(b, n, 'B', 'Z', 'h')) return "bzip2-compressed data";
        if (starts(b, n, 0xFD, '7', 'z', 'X', 'Z', 0)) return "xz-compressed data";
        if (starts(b, n, 0x28, 0xB5, 0x2F, 0xFD)) return "zstd-compressed data";
        if (starts(b, n, '7', 'z', 0xBC, 0xAF)) return "7-Zip archive";
        if (n > 262 && b[257] == 'u' && b[258] == 's' && b[259] == 't' && b[260] == 'a' && b[261] == 'r') return "tar archive";
        if (starts(b, n, 0x7F, 'E', 'L', 'F')) return "ELF executable or library";
        if (starts(b, n, 0xCA, 0xFE, 0xBA, 0xBE)) return "Java class file (or a Mach-O universal binary)";
        if (starts(b, n, 0xCF, 0xFA, 0xED, 0xFE) || starts(b, n, 0xCE, 0xFA, 0xED, 0xFE)) return "Mach-O executable";
        if (starts(b, n, 'M', 'Z')) return "Windows executable";
        if (starts(b, n, 0, 'a', 's', 'm')) return "WebAssembly module";
        if (starts(b, n, 'S', 'Q', 'L', 'i', 't', 'e', ' ', 'f', 'o', 'r', 'm', 'a', 't')) return "SQLite database";
        if (starts(b, n, 'I', 'D', '3')) return "MP3 audio";
        if (starts(b, n, 'O', 'g', 'g', 'S')) return "Ogg audio or video";
        if (n >= 8 && b[4] == 'f' && b[5] == 't' && b[6] == 'y' && b[7] == 'p') return "MP4/QuickTime video";
        if (starts(b, n, 0xFF, 0xFE) || starts(b, n, 0xFE, 0xFF)) return "UTF-16 text (read it with the shell tool, e.g. iconv -f UTF-16)";
        return null;
    }

    private static boolean starts(byte[] b, int n, int... magic) {
        if (n < magic.length) {
            return false;
        }
        for (int i = 0; i < magic.length; i++) {
            if ((b[i] & 0xFF) != magic[i]) {
                return false;
            }
        }
        return true;
    }
}
