package dev.rosetta.cli.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/** What is sent goes in order: at once when nothing runs, queued (and shown so) while something does. */
class InputsTest {

    private final List<String> shown = new ArrayList<>();
    private final List<List<String>> queued = new ArrayList<>();
    private final Inputs inputs = new Inputs(shown::add, queued::add);

    @Test
    void aMessageSentWhileNothingRunsIsShownAtOnce() throws InterruptedException {
        inputs.submit("first");
        assertThat(shown).containsExactly("first");
        assertThat(inputs.busy()).isTrue();
        assertThat(inputs.next()).isEqualTo("first");
    }

    @Test
    void aMessageSentDuringATurnIsQueuedAndShownWhenItsTurnComes() throws InterruptedException {
        inputs.submit("first");
        inputs.next();
        inputs.submit("second");
        inputs.submit("third");

        assertThat(shown).containsExactly("first");
        assertThat(queued).last().isEqualTo(List.of("second", "third"));
        assertThat(inputs.next()).isEqualTo("second");
        assertThat(shown).containsExactly("first", "second");
        assertThat(queued).last().isEqualTo(List.of("third"));
    }

    @Test
    void anInterruptedTurnHandsBackWhatWaited() throws InterruptedException {
        inputs.submit("first");
        inputs.next();
        inputs.submit("second");

        assertThat(inputs.takeWaiting()).containsExactly("second");
        assertThat(queued).last().isEqualTo(List.of());
    }

    @Test
    void closingEndsTheWait() throws InterruptedException {
        inputs.close();
        assertThat(inputs.next()).isNull();
    }
}
