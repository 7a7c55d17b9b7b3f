package dev.rosetta.cli.option;

import java.util.Locale;

/** How a chat writes what happens: for people ({@code text}) or for programs ({@code json}, one event a line). */
public enum OutputFormat {
    TEXT,
    JSON;

    /** The name users type. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }
}
