package dev.rosetta.cli;

/** Turns the UTF-16 offsets segments carry into the unit {@code rosetta parse} prints them in. */
interface Offsets {

    /** The offset, in this unit, of the UTF-16 offset {@code utf16}; asked in increasing order. */
    int at(int utf16);
}
