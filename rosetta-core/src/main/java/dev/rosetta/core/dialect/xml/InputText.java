package dev.rosetta.core.dialect.xml;

import dev.rosetta.core.split.Input;

/** The visible part of an {@link Input} as a CharSequence, so one scanner serves streams and strings. */
record InputText(Input in) implements CharSequence {

    @Override
    public int length() {
        return in.limit();
    }

    @Override
    public char charAt(int index) {
        return in.charAt(index);
    }

    @Override
    public CharSequence subSequence(int start, int end) {
        return in.slice(start, end);
    }

    @Override
    public String toString() {
        return in.slice(0, in.limit());
    }
}
