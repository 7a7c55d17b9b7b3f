package dev.rosetta.agent.log;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.random.RandomGenerator;

import dev.rosetta.core.RosettaException;
import dev.rosetta.tools.output.OwnerOnly;

/** A new conversation's folder in the log folder, reserved (created, the owner's alone) under a name or a fresh id. */
final class ConversationFolders {

    /** How many generated ids are tried before giving up: with ~98,000 a day, more means something is wrong. */
    private static final int ID_ATTEMPTS = 200;

    private ConversationFolders() {}

    static ConversationId reserve(Path logs, ConversationId id) throws IOException {
        try {
            OwnerOnly.newFolder(logs.resolve(id.value()));
            return id;
        } catch (FileAlreadyExistsException e) {
            throw new RosettaException("a conversation named '" + id + "' exists already; continue it with --resume"
                    + " --name " + id + ", or choose another name");
        }
    }

    static ConversationId reserveRandom(Path logs, LocalDate today, RandomGenerator random)
            throws IOException {
        for (int i = 0; i < ID_ATTEMPTS; i++) {
            ConversationId id = ConversationId.random(today, random);
            try {
                OwnerOnly.newFolder(logs.resolve(id.value()));
                return id;
            } catch (FileAlreadyExistsException e) {
                // Taken: draw again.
            }
        }
        throw new RosettaException("could not find a free conversation id in " + logs + " after " + ID_ATTEMPTS
                + " tries; start one with --name NAME");
    }
}
