package dev.rosetta.cli;

import picocli.CommandLine.IVersionProvider;

/** The version written into the jar's manifest at build time; "dev" when run from classes. */
final class ManifestVersion implements IVersionProvider {

    @Override
    public String[] getVersion() {
        return new String[] {"rosetta " + current()};
    }

    static String current() {
        return dev.rosetta.cli.terminal.RosettaVersion.current();
    }
}
