package dev.rosetta.cli;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * How an eval starts a conversation: this same Rosetta, as a process of its own — the JVM that
 * runs now, its class path, the start-up flags of ./rosetta and the class archive it maps, if any.
 */
final class ChildCommand {

    private ChildCommand() {}

    static List<String> rosetta() {
        String java = ProcessHandle.current().info().command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        List<String> c = new ArrayList<>(List.of(java, "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Xss8m"));
        for (String arg : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (arg.startsWith("-XX:SharedArchiveFile=") || arg.startsWith("-XX:AOTCache=")) {
                int eq = arg.indexOf('=');
                c.add(arg.substring(0, eq + 1) + absolute(arg.substring(eq + 1)));
            } else if (arg.startsWith("-Xlog:")) {
                c.add(arg);
            }
        }
        c.addAll(List.of("-cp", absolute(System.getProperty("java.class.path")), Main.class.getName()));
        return c;
    }

    /**
     * A path list with every entry absolute: the conversations run in their own workspaces, where a
     * relative one (java -jar rosetta-cli/target/rosetta.jar) would name nothing.
     */
    static String absolute(String pathList) {
        List<String> out = new ArrayList<>();
        for (String entry : pathList.split(java.io.File.pathSeparator)) {
            out.add(entry.isEmpty() ? entry : Path.of(entry).toAbsolutePath().normalize().toString());
        }
        return String.join(java.io.File.pathSeparator, out);
    }

    /** The git commit the running jar sits in (with -dirty for local changes), or "unknown". */
    static String commit() {
        try {
            Path jar = Path.of(Main.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            Path dir = jar.getParent() == null ? jar : jar.getParent();
            Process git = new ProcessBuilder("git", "-C", dir.toString(), "describe", "--always", "--dirty",
                    "--abbrev=12").redirectError(ProcessBuilder.Redirect.DISCARD).start();
            String text = new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            if (!git.waitFor(5, TimeUnit.SECONDS) || git.exitValue() != 0 || text.isEmpty()) {
                git.destroyForcibly();
                return "unknown";
            }
            return text;
        } catch (IOException | InterruptedException | RuntimeException | java.net.URISyntaxException e) {
            return "unknown";
        }
    }
}
