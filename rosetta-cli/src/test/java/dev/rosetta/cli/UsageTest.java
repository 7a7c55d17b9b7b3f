package dev.rosetta.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import dev.rosetta.llm.provider.ProviderDirectory;
import dev.rosetta.llm.provider.ProviderSettings;

import picocli.CommandLine.Model.OptionSpec;

/** What {@code rosetta --help} shows, and in which order. */
class UsageTest {

    private static final String HELP = Cli.run("--help").out();

    @Test
    void theSynopsisIsTwoLinesAChatOrACommand() {
        assertThat(HELP.lines().limit(2)).containsExactly("Usage: rosetta [OPTIONS] [PROMPT...]", "       rosetta COMMAND ...");
        assertThat(HELP).doesNotContain("[PROMPT...] COMMAND");
    }

    @Test
    void optionsAreInHeadedGroupsModelFormatConversationToolsOutput() {
        assertThat(HELP).containsSubsequence("\nArguments:\n", "\nModel:\n", "-m, --model", "\nFormat:\n", "--tool-format",
                "\nConversation:\n", "-r, --resume", "\nTools:\n", "-t, --tools", "\nOutput:\n", "--output-format",
                "\nHelp:\n", "-h, --help", "-V, --version", "\nCommands:\n", "\nExamples:\n", "\nEnvironment:\n",
                "\nExit codes:\n");
        assertThat(HELP).doesNotContain(Usage.UNGROUPED + ":");
    }

    @Test
    void everyOptionIsInExactlyOneGroup() {
        List<String> grouped = Usage.GROUPS.stream().flatMap(g -> g.options().stream()).toList();
        List<String> options = Main.commandLine().getCommandSpec().options().stream().map(OptionSpec::longestName).toList();
        assertThat(grouped).containsExactlyInAnyOrderElementsOf(options);
    }

    @Test
    void everyOptionAndCommandIsShown() {
        for (OptionSpec option : Main.commandLine().getCommandSpec().options()) {
            String name = option.longestName();
            assertThat(HELP).as(name).contains(name.equals("--stream") ? "--[no-]stream" : name);
        }
        assertThat(HELP).contains("  parse ", "  models ", "  logs ", "  help ");
    }

    @Test
    void theHelpSaysHowToSendAPromptThatStartsWithACommand() {
        assertThat(HELP).contains("rosetta -- logs are too big");
    }

    @Test
    void theHelpIsPlainAsciiSoThatItReadsTheSameUnderLangC() {
        assertThat(HELP.chars().filter(c -> c > 127).mapToObj(Character::toString).toList()).isEmpty();
    }

    @Test
    void noLineIsWiderThanEightyColumns() {
        assertThat(HELP.lines()).allSatisfy(line -> assertThat(line.length()).as(line).isLessThanOrEqualTo(80));
    }

    @Test
    void theEnvironmentNamesEveryProvidersKeyAndOllamaHost() {
        String environment = HELP.substring(HELP.indexOf("\nEnvironment:\n"), HELP.indexOf("\nExit codes:\n"));
        for (ProviderSettings provider : new ProviderDirectory(List.of(), Map.of()).all()) {
            if (provider.keyEnv() != null) {
                assertThat(environment.replaceAll("\\s+", " ")).as(provider.name()).contains(provider.keyEnv());
            }
        }
        assertThat(environment).contains("OLLAMA_HOST", "<PROVIDER>_BASE_URL", "AZURE_BASE_URL");
    }

    /** Every {@code ROSETTA_…} variable the Java sources or the launcher name; a new one must be documented. */
    @Test
    void theEnvironmentNamesEveryRosettaVariableTheCodeReads() throws IOException {
        Pattern variable = Pattern.compile("\"(ROSETTA_[A-Z_]+)\"");
        Path root = Path.of("..").toAbsolutePath().normalize();
        TreeSet<String> read = new TreeSet<>();
        try (Stream<Path> modules = Files.list(root)) {
            for (Path module : modules.filter(m -> m.getFileName().toString().startsWith("rosetta-")).toList()) {
                Path sources = module.resolve("src/main/java");
                if (!Files.isDirectory(sources)) {
                    continue;
                }
                try (Stream<Path> files = Files.walk(sources)) {
                    for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                        Matcher m = variable.matcher(Files.readString(file));
                        while (m.find()) {
                            read.add(m.group(1));
                        }
                    }
                }
            }
        }
        Matcher launcher = Pattern.compile("\\b(ROSETTA_[A-Z_]+)").matcher(Files.readString(root.resolve("rosetta")));
        while (launcher.find()) {
            read.add(launcher.group(1));
        }
        assertThat(read).as("found in the sources").contains("ROSETTA_SHELL_TIMEOUT", "ROSETTA_LOGS_HOME",
                "ROSETTA_JAVA_OPTS");
        String environment = HELP.substring(HELP.indexOf("\nEnvironment:\n")).replaceAll("\\s+", " ");
        assertThat(read).allSatisfy(name -> assertThat(environment).as(name).contains(name));
    }
}
