package dev.rosetta.agent.session;

import java.util.function.Supplier;

import dev.rosetta.agent.chat.TurnOutcome;
import dev.rosetta.agent.log.LogWriteException;
import dev.rosetta.agent.skills.Skill;
import dev.rosetta.agent.skills.SkillTool;
import dev.rosetta.core.RosettaException;

/**
 * Runs one input on the host's thread: a message as the model's turn, a slash command through
 * {@link SlashCommands}, and the commands that need the host itself — /impersonate and
 * {@code /skills NAME} (turns of the model), /compact (the model's summary), /undo and /rewind
 * (which Ctrl-C stops), /serve (the launcher's publisher). A command's problem is said in one shape
 * whichever command had it: what happened and what to do, nothing more.
 */
final class InputRunner {

    private final Conversation conversation;
    private final SlashCommands commands;
    private final CommandIo io;
    private final EventRelay events;
    private final Supplier<SessionStatus> status;
    private volatile Supplier<String> publish;
    private volatile boolean modelRunning;
    /** A command Ctrl-C stops runs: /undo or /rewind comparing the files with what the turns wrote. */
    private volatile boolean commandInterruptible;

    InputRunner(Conversation conversation, EventRelay events, QuestionDesk desk, Supplier<SessionStatus> status) {
        this.conversation = conversation;
        this.events = events;
        this.io = new CommandIo(events, desk);
        this.commands = new SlashCommands(conversation, io);
        this.status = status;
    }

    /** How /serve publishes the conversation (saying where, or throwing why not); null: it cannot here. */
    void publishWith(Supplier<String> publish) {
        this.publish = publish;
    }

    /** Whether the model is at work (a turn, an /impersonate, a /compact's summary). */
    boolean modelRunning() {
        return modelRunning;
    }

    /** Whether an interrupt has something to stop: the model at work, or a command Ctrl-C stops. */
    boolean interruptible() {
        return modelRunning || commandInterruptible;
    }

    TurnOutcome handle(Input input) {
        return switch (input.kind()) {
            case PROMPT -> TurnOutcome.done();
            case MESSAGE -> model(() -> conversation.loop().run(input.text()));
            case COMMAND -> command(input.text());
        };
    }

    private TurnOutcome command(String text) {
        String name = SlashCommands.name(text);
        String arg = text.strip().substring(name.length()).strip();
        try {
            switch (name) {
                case "/impersonate" -> {
                    return impersonate(arg);
                }
                case "/skills" -> {
                    if (!arg.isEmpty()) {
                        return skill(arg);
                    }
                    commands.run(text);
                }
                case "/serve" -> serve();
                case "/compact" -> {
                    return model(() -> {
                        commands.run(text);
                        return TurnOutcome.done();
                    });
                }
                case "/undo", "/rewind" -> interruptibly(text);
                default -> {
                    if (!commands.run(text)) {
                        io.problem("unknown command " + name + "; /help lists the commands");
                    }
                }
            }
        } catch (RuntimeException e) {
            io.problem(e);
        }
        events.emit(new SessionEvent.StatusChanged(status.get()));
        return TurnOutcome.done();
    }

    private void interruptibly(String text) {
        commandInterruptible = true;
        try {
            commands.run(text);
        } finally {
            commandInterruptible = false;
        }
    }

    /** /serve: the launcher's publisher puts the conversation on the web and says where. */
    private void serve() {
        Supplier<String> to = publish;
        if (to == null) {
            io.problem("/serve is not available here: run `rosetta --serve` to publish a conversation from the"
                    + " terminal, or `rosetta serve` for the web front end");
            return;
        }
        io.strong(to.get());
    }

    /** /impersonate: the user writes the assistant's next message (asked for when not given); its calls run. */
    private TurnOutcome impersonate(String inline) {
        String message = inline.isBlank() ? io.message("the assistant's message") : inline;
        if (message == null || message.isBlank()) {
            io.line("nothing written; nothing sent");
            return TurnOutcome.done();
        }
        return model(() -> conversation.loop().impersonate(message));
    }

    /** {@code /skills NAME [ARGUMENTS]}: the skill, loaded as the user's message, and the model's turn on it. */
    private TurnOutcome skill(String arg) {
        String[] words = arg.split("\\s+", 2);
        Skill skill = conversation.session().skills().named(words[0]).orElse(null);
        if (skill == null) {
            io.problem("there is no skill named '" + words[0] + "'; /skills lists them");
            return TurnOutcome.done();
        }
        String message;
        try {
            message = new SkillTool(conversation.session().skills(), conversation.workspace(), conversation.log().id())
                    .load(skill, words.length > 1 ? words[1] : "");
        } catch (java.io.IOException e) {
            io.problem("could not read " + skill.location() + ": " + e.getMessage());
            return TurnOutcome.done();
        }
        String text = "Use the skill " + skill.name() + " now:\n\n" + message;
        return model(() -> conversation.loop().run(text));
    }

    /**
     * Runs the model's part, interruptible meanwhile. A failure the loop does not turn into an outcome
     * ends the turn as one: the disk refusing the log a failure, Rosetta's own settings a misconfiguration.
     */
    private TurnOutcome model(Supplier<TurnOutcome> body) {
        modelRunning = true;
        try {
            return body.get();
        } catch (LogWriteException e) {
            return new TurnOutcome(TurnOutcome.Reason.FAILED, e.getMessage());
        } catch (RosettaException e) {
            return new TurnOutcome(TurnOutcome.Reason.MISCONFIGURED, e.getMessage());
        } catch (RuntimeException e) {
            return new TurnOutcome(TurnOutcome.Reason.FAILED, String.valueOf(e.getMessage()));
        } finally {
            modelRunning = false;
        }
    }
}
