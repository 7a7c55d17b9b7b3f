package dev.rosetta.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Optional;

/** Where and when a report was measured, for its header. */
record Machine(String date, int cpus, String cpuModel, String memory, String jvm, String os, String load) {

    static Machine current() {
        return new Machine(
                ZonedDateTime.now().format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm z")),
                Runtime.getRuntime().availableProcessors(),
                procField("/proc/cpuinfo", "model name").orElse(System.getProperty("os.arch")),
                procField("/proc/meminfo", "MemTotal").map(Machine::gib).orElse("unknown"),
                System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version")
                        + " (" + System.getProperty("java.vm.vendor") + ")",
                System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                        + System.getProperty("os.arch"),
                loadAverage());
    }

    /** The 1, 5 and 15 minute load averages, to tell a quiet machine from a busy one. */
    private static String loadAverage() {
        try {
            String[] fields = Files.readString(Path.of("/proc/loadavg")).strip().split("\\s+");
            return fields[0] + " / " + fields[1] + " / " + fields[2];
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
    }

    /** The value of the first "key : value" line of a /proc file, if the file exists. */
    private static Optional<String> procField(String file, String key) {
        try {
            List<String> lines = Files.readAllLines(Path.of(file));
            return lines.stream().filter(l -> l.startsWith(key)).findFirst()
                    .map(l -> l.substring(l.indexOf(':') + 1).strip());
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** "24684092 kB" → "23.5 GiB". */
    private static String gib(String kb) {
        try {
            long k = Long.parseLong(kb.replace("kB", "").strip());
            return String.format("%.1f GiB", k / 1024.0 / 1024.0);
        } catch (NumberFormatException e) {
            return kb;
        }
    }
}
