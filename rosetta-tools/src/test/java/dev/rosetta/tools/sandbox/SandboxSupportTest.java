package dev.rosetta.tools.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** Why bubblewrap could not run, told from what it said and the kernel's switches, with the fix for each. */
class SandboxSupportTest {

    private static final String UID_MAP = "bwrap: setting up uid map: Permission denied";

    private static SandboxSupport.Unavailable diagnose(String said, Map<String, String> sysctls) {
        return SandboxSupport.LinuxTrial.diagnose(said, name -> sysctls.getOrDefault(name, ""));
    }

    @Test
    void ubuntusAppArmorRestrictionIsNamedWithItsSysctl() {
        SandboxSupport.Unavailable u = diagnose(UID_MAP, Map.of("kernel/apparmor_restrict_unprivileged_userns", "1"));

        assertThat(u.reason()).isEqualTo("bubblewrap cannot create its namespaces here (setting up uid map: Permission"
                + " denied): AppArmor restricts unprivileged user namespaces");
        assertThat(u.fix()).contains("sudo sysctl kernel.apparmor_restrict_unprivileged_userns=0").contains("--sandbox off");
    }

    @Test
    void userNamespacesSwitchedOffAreNamed() {
        assertThat(diagnose(UID_MAP, Map.of("kernel/unprivileged_userns_clone", "0")).fix())
                .contains("kernel.unprivileged_userns_clone=1");
        assertThat(diagnose(UID_MAP, Map.of("user/max_user_namespaces", "0")).fix())
                .contains("user.max_user_namespaces=15000");
    }

    @Test
    void aContainerWithoutNamespacesGetsTheContainersFix() {
        SandboxSupport.Unavailable proc = diagnose("bwrap: Can't mount proc on /newroot/proc: Operation not permitted",
                Map.of());
        SandboxSupport.Unavailable other = diagnose("bwrap: No permissions to creating new namespace, likely because"
                + " the kernel does not allow non-privileged user namespaces.", Map.of());

        assertThat(proc.reason()).contains("a fresh /proc cannot be mounted");
        assertThat(proc.fix()).contains("--security-opt seccomp=unconfined");
        assertThat(other.reason()).startsWith("bubblewrap cannot create its namespaces here (No permissions");
        assertThat(other.fix()).contains("--sandbox off");
    }

    @Test
    void aHostTempEntryDeletedWhileBubblewrapBoundItIsARaceToRetryNotAMachineWithoutNamespaces() throws Exception {
        Path gone = Files.createTempFile(Path.of("/tmp"), "rosetta-gone-", ".tmp");
        Path kept = Files.createTempFile(Path.of("/tmp"), "rosetta-kept-", ".tmp");
        try {
            Files.delete(gone);
            String template = "bwrap: Can't bind mount /oldroot/tmp/%s on /newroot/tmp/%1$s: Unable to mount source on"
                    + " destination: No such file or directory";

            assertThat(Bubblewrap.lostTemporaryEntry(template.formatted(gone.getFileName()))).isTrue();
            assertThat(Bubblewrap.lostTemporaryEntry(template.formatted(kept.getFileName()))).isFalse();
            assertThat(Bubblewrap.lostTemporaryEntry(UID_MAP)).isFalse();
        } finally {
            Files.deleteIfExists(kept);
        }
    }

    @Test
    void thisMachineCanSandboxOrSaysWhy() {
        SandboxSupport support = SandboxSupport.detect();

        if (support instanceof SandboxSupport.Unavailable u) {
            assertThat(u.reason()).isNotBlank();
            assertThat(u.fix()).isNotBlank();
        } else {
            assertThat(((SandboxSupport.Available) support).mechanism().name()).isIn("bubblewrap", "Seatbelt");
        }
    }
}
