package dev.rosetta.cli.e2e;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The {@code rosetta} jar this build made, and the JDK running the tests to start it with. The
 * build names the jar in the {@code rosetta.jar} system property (failsafe runs after
 * {@code package}); run from an IDE, {@code target/rosetta.jar} of the module is used.
 */
final class RosettaJar {

    private RosettaJar() {}

    static Path jar() {
        String configured = System.getProperty("rosetta.jar");
        Path jar = configured != null ? Path.of(configured) : Path.of("target", "rosetta.jar").toAbsolutePath();
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException("no rosetta jar at " + jar
                    + "; build it first (./mvnw -pl rosetta-cli -am package)");
        }
        return jar;
    }

    static Path java() {
        return Path.of(System.getProperty("java.home"), "bin", "java");
    }

    /**
     * The command line: {@code java [short-run flags] -jar rosetta.jar ARGS}, with the flags the
     * {@code rosetta} launcher uses. A class archive beside the jar, written by the first run and
     * mapped by the others, takes a third off each start; the JVM's own log lines are off so that
     * stdout and stderr hold only what Rosetta writes.
     */
    static List<String> command(List<String> args) {
        Path jar = jar();
        List<String> command = new ArrayList<>(List.of(java().toString(),
                "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Xss8m",
                "-XX:+AutoCreateSharedArchive", "-XX:SharedArchiveFile=" + classArchive(jar),
                "-Xlog:disable", "-jar", jar.toString()));
        command.addAll(args);
        return command;
    }

    /**
     * The archive for this jar and JDK. Its name changes with them: the JDK does not remake an
     * archive whose jar was rebuilt, it only stops using it. Older archives are removed.
     */
    private static synchronized Path classArchive(Path jar) {
        try {
            String stamp = Integer.toHexString(Objects.hash(Files.getLastModifiedTime(jar).toMillis(), Files.size(jar),
                    Runtime.version().toString()));
            Path archive = jar.resolveSibling("rosetta-e2e-" + stamp + ".jsa");
            if (!Files.exists(archive)) {
                try (DirectoryStream<Path> old = Files.newDirectoryStream(jar.getParent(), "rosetta-e2e-*.jsa")) {
                    for (Path stale : old) {
                        Files.deleteIfExists(stale);
                    }
                }
            }
            return archive;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
