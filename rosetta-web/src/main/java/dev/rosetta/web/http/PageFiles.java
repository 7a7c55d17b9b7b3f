package dev.rosetta.web.http;

import java.io.IOException;
import java.io.InputStream;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;

/**
 * The page's files, from the jar: its own ({@code /app/…}, from {@code dev/rosetta/web/page}) and the
 * libraries' ({@code /lib/NAME/…}, from their WebJars, whichever version the build pinned). Nothing
 * outside those folders is served, whatever the path says.
 */
public final class PageFiles {

    /** The libraries the page loads (docs/WEB.md says why each). */
    static final Set<String> LIBRARIES = Set.of("markdown-it", "prismjs", "dompurify");
    private static final String PAGE = "dev/rosetta/web/page/";
    private static final Map<String, String> TYPES = Map.of("html", "text/html; charset=utf-8", "js",
            "text/javascript; charset=utf-8", "css", "text/css; charset=utf-8", "svg", "image/svg+xml", "png",
            "image/png", "json", "application/json", "webmanifest", "application/manifest+json");

    /** A file found: its bytes and content type. */
    public record File(byte[] bytes, String type) {}

    private PageFiles() {}

    /** The page's own file {@code name} ({@code index.html}, {@code app.js}). */
    public static Optional<File> page(String name) {
        return load(PAGE + name, name);
    }

    /** A library's file: {@code path} is {@code NAME/rest} ({@code prismjs/components/prism-java.min.js}). */
    public static Optional<File> library(String path) {
        int slash = path.indexOf('/');
        if (slash < 0 || !LIBRARIES.contains(path.substring(0, slash))) {
            return Optional.empty();
        }
        String name = path.substring(0, slash);
        return version(name).flatMap(v -> load("META-INF/resources/webjars/" + name + "/" + v + path.substring(slash),
                path));
    }

    private static Optional<String> version(String library) {
        try (InputStream in = resource("META-INF/maven/org.webjars.npm/" + library + "/pom.properties")) {
            if (in == null) {
                return Optional.empty();
            }
            Properties p = new Properties();
            p.load(in);
            return Optional.ofNullable(p.getProperty("version"));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private static Optional<File> load(String resource, String name) {
        if (name.contains("..") || name.contains("//") || name.contains("\\") || name.startsWith("/")) {
            return Optional.empty();
        }
        String type = TYPES.get(name.substring(name.lastIndexOf('.') + 1));
        if (type == null) {
            return Optional.empty();
        }
        try (InputStream in = resource(resource)) {
            return in == null ? Optional.empty() : Optional.of(new File(in.readAllBytes(), type));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private static InputStream resource(String name) {
        return PageFiles.class.getClassLoader().getResourceAsStream(name);
    }
}
