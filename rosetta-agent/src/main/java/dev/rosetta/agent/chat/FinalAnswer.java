package dev.rosetta.agent.chat;

import java.util.function.Consumer;

import dev.rosetta.agent.chat.TurnOutcome.Reason;
import dev.rosetta.core.message.Message;

/**
 * The model's reply that ends a turn, taken as its final answer: done, or — an answer that does not
 * match {@code --output-schema} — sent back with what is wrong, at most {@link AnswerSchema#RETRIES}
 * times in a turn, before the turn ends {@code OUTPUT_INVALID}.
 */
final class FinalAnswer {

    private final ChatSession session;
    private final Consumer<AgentEvent> events;
    private final Consumer<Message> add;
    private int retries;

    FinalAnswer(ChatSession session, Consumer<AgentEvent> events, Consumer<Message> add) {
        this.session = session;
        this.events = events;
        this.add = add;
    }

    /** A new turn. */
    void reset() {
        retries = 0;
    }

    /** How the turn ends with {@code reply} as its last, or null when the model is to answer again. */
    TurnOutcome of(Reply reply) {
        String answer = AnswerSchema.answer(reply.segments(), reply.text());
        AnswerSchema schema = session.settings().answerSchema();
        String problem = schema == null ? null : schema.problem(answer);
        if (problem == null) {
            return TurnOutcome.done(answer);
        }
        if (retries == AnswerSchema.RETRIES) {
            return new TurnOutcome(Reason.OUTPUT_INVALID, "the final answer does not match " + schema.file() + ": "
                    + problem + " (the model was told " + AnswerSchema.RETRIES + " times)", answer);
        }
        retries++;
        add.accept(Message.system(schema.feedback(problem)));
        events.accept(new AgentEvent.Notice("told the model its answer does not match --output-schema: " + problem));
        return null;
    }
}
