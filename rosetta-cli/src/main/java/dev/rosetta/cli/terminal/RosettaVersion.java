package dev.rosetta.cli.terminal;

/** Rosetta's version, as the jar's manifest gives it at build time; "dev" when run from classes. */
public final class RosettaVersion {

    private RosettaVersion() {}

    public static String current() {
        String version = RosettaVersion.class.getPackage().getImplementationVersion();
        return version == null || version.isBlank() ? "dev" : version;
    }
}
