package dev.rosetta.cli.option;

/** What {@code rosetta parse} counts its {@code start} and {@code end} offsets in. */
public enum OffsetUnit {
    /** Unicode code points of the decoded text, as Python indexes a str. */
    CODE_POINTS("code-points"),
    /** UTF-8 bytes of the input as given, malformed bytes included. */
    BYTES("bytes");

    private final String id;

    OffsetUnit(String id) {
        this.id = id;
    }

    /** The name users type. */
    public String id() {
        return id;
    }
}
