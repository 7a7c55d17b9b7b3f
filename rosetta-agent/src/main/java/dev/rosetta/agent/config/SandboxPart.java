package dev.rosetta.agent.config;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import dev.rosetta.tools.sandbox.NetworkAccess;
import dev.rosetta.tools.sandbox.SandboxMode;

/**
 * One file's {@code [sandbox]} table and {@code [tools.env] pass}; each field null when the file
 * does not set it. A project's file ({@code rosetta.toml}) comes with a repository someone else
 * may have written, so it may only tighten: its {@code mode} and {@code network} count only where
 * stricter, its {@code hidden} adds to the user's, and what would loosen — {@code writable},
 * {@code auto_approve_sandboxed = true}, {@code pass} — is ignored with a warning.
 *
 * @param mode        {@code mode}: auto, on or off
 * @param network     {@code network}: off or on
 * @param writable    {@code writable}: more folders a sandboxed process may write
 * @param hidden      {@code hidden}: paths a sandboxed process cannot read
 * @param autoApprove {@code auto_approve_sandboxed}
 * @param pass        {@code [tools.env] pass}: secret variables the tools get on purpose
 */
public record SandboxPart(SandboxMode mode, NetworkAccess network, List<String> writable, List<String> hidden,
        Boolean autoApprove, List<String> pass) {

    public static final SandboxPart NONE = new SandboxPart(null, null, null, null, null, null);

    private static final Map<String, SandboxMode> MODES = ordered(SandboxMode.values());
    private static final Map<String, NetworkAccess> NETWORKS = ordered(NetworkAccess.values());

    private static final String ONLY_TIGHTEN = "a project file may only tighten the sandbox; set it in your own config.toml";

    private static <E extends Enum<E>> Map<String, E> ordered(E[] values) {
        Map<String, E> out = new LinkedHashMap<>();
        for (E value : values) {
            out.put(value.name().toLowerCase(Locale.ROOT), value);
        }
        return out;
    }

    static SandboxPart read(ConfigTable root, ConfigTable tools, ConfigLayer.Kind kind) {
        List<String> pass = pass(tools, kind);
        ConfigTable table = root.table("sandbox");
        if (table == null) {
            return pass == null ? NONE : new SandboxPart(null, null, null, null, null, pass);
        }
        SandboxMode mode = table.choice("mode", MODES);
        NetworkAccess network = table.choice("network", NETWORKS);
        List<String> writable = table.paths("writable", true);
        List<String> hidden = table.paths("hidden");
        Boolean autoApprove = table.bool("auto_approve_sandboxed");
        table.finish("mode", "network", "writable", "hidden", "auto_approve_sandboxed");
        if (kind == ConfigLayer.Kind.PROJECT) {
            if (mode == SandboxMode.OFF) {
                table.warn("mode", "mode = \"off\" is ignored: " + ONLY_TIGHTEN);
                mode = null;
            }
            if (network == NetworkAccess.ON) {
                table.warn("network", "network = \"on\" is ignored: " + ONLY_TIGHTEN);
                network = null;
            }
            if (writable != null) {
                table.warn("writable", "writable is ignored: " + ONLY_TIGHTEN);
                writable = null;
            }
            if (Boolean.TRUE.equals(autoApprove)) {
                table.warn("auto_approve_sandboxed", "auto_approve_sandboxed = true is ignored: " + ONLY_TIGHTEN);
                autoApprove = null;
            }
        }
        return new SandboxPart(mode, network, writable, hidden, autoApprove, pass);
    }

    /** {@code [tools.env] pass}; a project's is ignored: it would hand the user's keys to what the model runs. */
    private static List<String> pass(ConfigTable tools, ConfigLayer.Kind kind) {
        ConfigTable env = tools == null ? null : tools.table("env");
        if (env == null) {
            return null;
        }
        List<String> pass = env.strings("pass");
        env.finish("pass");
        if (pass != null) {
            for (String name : pass) {
                if (!name.matches("[A-Za-z_][A-Za-z0-9_]*")) {
                    throw env.error("pass", "must list names of environment variables, like \"GITHUB_TOKEN\"");
                }
            }
        }
        if (pass != null && kind == ConfigLayer.Kind.PROJECT) {
            env.warn("pass", "pass is ignored: a project file cannot hand your secrets to tools; set it in your own"
                    + " config.toml");
            return null;
        }
        return pass;
    }
}
