package dev.rosetta.tools.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import dev.rosetta.core.testing.MachineRequirement;

/** A JVM of its own, started with keys in its environment, wipes them from the block other processes read. */
class OwnEnvironmentTest {

    /** Runs in the child JVM: wipes, then reports what a reader of its environment would find. */
    public static final class Child {
        public static void main(String[] args) throws Exception {
            List<String> wiped = OwnEnvironment.wipe(SecretVariables.DEFAULT);
            String block = Files.readString(Path.of("/proc/self/environ"), StandardCharsets.ISO_8859_1);
            Process reader = new ProcessBuilder("sh", "-c", "cat /proc/$PPID/environ; env").start();
            String seen = new String(reader.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
            reader.waitFor();
            System.out.println("wiped=" + wiped);
            System.out.println("java=" + System.getenv("OPENAI_API_KEY") + "," + System.getenv("MYPROV_TOKEN"));
            System.out.println("block=" + block.contains("sk-own-env") + "," + block.contains("tok-own-env") + ","
                    + block.contains("HARMLESS=kept"));
            System.out.println("child=" + seen.contains("sk-own-env") + "," + seen.contains("tok-own-env") + ","
                    + seen.contains("HARMLESS=kept"));
        }
    }

    @Test
    void keysLeaveTheEnvironmentBlockButJavaStillHasThem() throws Exception {
        MachineRequirement.require(Files.isReadable(Path.of("/proc/self/environ")), "a Linux /proc");
        ProcessBuilder builder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), Child.class.getName()).redirectErrorStream(true);
        builder.environment().put("OPENAI_API_KEY", "sk-own-env");
        builder.environment().put("MYPROV_TOKEN", "tok-own-env");
        builder.environment().put("HARMLESS", "kept");
        Process child = builder.start();
        String out = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(child.waitFor(60, TimeUnit.SECONDS)).isTrue();

        assertThat(out).contains("wiped=[", "OPENAI_API_KEY", "MYPROV_TOKEN")
                .contains("java=sk-own-env,tok-own-env")
                .contains("block=false,false,true")
                .contains("child=false,false,true");
    }
}
