package dev.rosetta.tools.sandbox;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.rosetta.tools.sandbox.SandboxLayout.Access;
import dev.rosetta.tools.sandbox.SandboxLayout.Mount;

/**
 * The macOS sandbox: {@code sandbox-exec} with a Seatbelt profile made from the layout. Everything
 * is denied but what the profile allows: reading all but the hidden paths; writing the writable
 * folders except their read-only parts, and the private temporary folder (given as
 * {@code TMPDIR}; {@code /tmp} itself stays read-only, as macOS cannot put another folder there);
 * starting programs; signalling and inspecting only processes of the same sandbox, so a command
 * cannot read Rosetta's environment ({@code ps eww}); the network only when it is on. Paths go in
 * as parameters ({@code -D}), never spliced into the profile's text, so no path can change a rule.
 * Seatbelt checks the real path of every access, so a link cannot carry a write out.
 */
public record Seatbelt(Path program) implements SandboxMechanism {

    /** The services of launchd a plain command-line program needs (user and group names, logging, time zones, certificates). */
    private static final List<String> SERVICES = List.of("com.apple.system.opendirectoryd.libinfo",
            "com.apple.system.logger", "com.apple.system.notification_center", "com.apple.logd",
            "com.apple.timed", "com.apple.trustd.agent", "com.apple.SecurityServer", "com.apple.cfprefsd.daemon",
            "com.apple.cfprefsd.agent", "com.apple.diagnosticd", "com.apple.coreservices.launchservicesd");

    @Override
    public String name() {
        return "Seatbelt";
    }

    @Override
    public List<String> wrap(SandboxLayout layout, Path directory, List<String> command) {
        Profile profile = profile(layout);
        List<String> args = new ArrayList<>(List.of(program.toString(), "-p", profile.text()));
        profile.parameters().forEach((name, value) -> args.addAll(List.of("-D", name + "=" + value)));
        args.addAll(command);
        return args;
    }

    /** The profile's text and the values of its parameters. */
    public record Profile(String text, Map<String, String> parameters) {}

    public static Profile profile(SandboxLayout layout) {
        Map<String, String> parameters = new LinkedHashMap<>();
        StringBuilder p = new StringBuilder("(version 1)\n(deny default)\n");
        p.append("(allow process-exec)\n(allow process-fork)\n");
        p.append("(allow signal (target same-sandbox))\n(allow process-info* (target same-sandbox))\n");
        p.append("(allow sysctl-read)\n(allow ipc-posix-shm)\n(allow ipc-posix-sem)\n(allow pseudo-tty)\n");
        p.append("(allow mach-lookup (global-name");
        SERVICES.forEach(s -> p.append(' ').append(quote(s)));
        p.append("))\n");
        p.append("(allow file-read*").append(except(layout, Access.HIDDEN, "HIDDEN", parameters, true)).append(")\n");
        p.append("(allow file-write-data (literal \"/dev/null\") (literal \"/dev/zero\") (literal \"/dev/tty\"))\n");
        p.append("(allow file-ioctl (literal \"/dev/tty\"))\n");
        List<Path> writable = new ArrayList<>(layout.writable());
        writable.add(layout.temp());
        for (int i = 0; i < writable.size(); i++) {
            String name = "WRITABLE_" + i;
            parameters.put(name, writable.get(i).toString());
            String guarded = except(layout, Access.READ_ONLY, "READ_ONLY", parameters, false)
                    + except(layout, Access.HIDDEN, "HIDDEN", parameters, false)
                    + except(layout, Access.PINNED, "PINNED", parameters, false);
            p.append("(allow file-write* (require-all (subpath (param ").append(quote(name)).append("))")
                    .append(guarded).append("))\n");
        }
        if (layout.network() == NetworkAccess.ON) {
            p.append("(allow network-outbound (remote ip))\n(allow network-inbound (local ip))\n")
                    .append("(allow network-bind (local ip))\n(allow system-socket)\n");
        }
        return new Profile(p.toString(), parameters);
    }

    /**
     * {@code (require-not …)} for each mount of {@code access}, its path a parameter; for reading
     * wrapped as {@code (require-all …)} so the rule reads as one filter.
     */
    private static String except(SandboxLayout layout, Access access, String prefix, Map<String, String> parameters,
            boolean wrap) {
        StringBuilder out = new StringBuilder();
        int i = 0;
        for (Mount m : layout.mounts()) {
            if (m.access() != access) {
                continue;
            }
            String name = prefix + "_" + i++;
            parameters.put(name, m.path().toString());
            boolean whole = m.directory() && access != Access.PINNED; // a pinned folder: itself, not what it holds
            out.append(" (require-not (").append(whole ? "subpath" : "literal").append(" (param ")
                    .append(quote(name)).append(")))");
        }
        if (wrap) {
            return out.isEmpty() ? "" : " (require-all (subpath \"/\")" + out + ")";
        }
        return out.toString();
    }

    /** A string in the profile's Scheme syntax; only fixed names go through here, never paths. */
    private static String quote(String text) {
        return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    @Override
    public Optional<Long> commandPid(ProcessHandle started) {
        return Optional.of(started.pid()); // sandbox-exec becomes the command; there are no namespaces
    }

    @Override
    public Map<String, String> environment(SandboxLayout layout) {
        return Map.of("TMPDIR", layout.temp().toString());
    }
}
