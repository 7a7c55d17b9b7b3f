package dev.rosetta.agent.hooks;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What the hooks of one occurrence of an event said together (all that matched ran, in parallel).
 * Any one blocking blocks, and every reason is kept; contexts add up; {@code continue: false} from
 * any ends the turn; of PreToolUse decisions deny wins over ask, ask over allow, as in Claude Code.
 *
 * @param blocks           some hook blocks what the event is about
 * @param reason           the blocking hooks' reasons (for the model where the event gives it one), one a line
 * @param context          what the hooks add to the model's context; empty when nothing
 * @param stop             some hook said {@code continue: false}: the turn ends
 * @param stopReason       their {@code stopReason}s, for the user
 * @param permission       PreToolUse: the strongest decision
 * @param permissionReason why, from the hook that made it
 * @param updatedInput     PreToolUse: the arguments to run the call with instead; null when none
 * @param updatedOutput    PostToolUse: the result the model gets instead; null when none
 */
public record HookVerdict(boolean blocks, String reason, String context, boolean stop, String stopReason,
        Permission permission, String permissionReason, Map<String, Object> updatedInput, String updatedOutput) {

    /** A PreToolUse hook's say on whether a call runs. DEFER is Claude Code's and is taken as no say. */
    public enum Permission {
        NONE, ALLOW, ASK, DEFER, DENY
    }

    /** No hook ran, or none had anything to say. */
    public static final HookVerdict NONE = new HookVerdict(false, "", "", false, "", Permission.NONE, "", null, null);

    static HookVerdict of(List<HookReply> replies) {
        List<String> reasons = new ArrayList<>();
        List<String> contexts = new ArrayList<>();
        List<String> stopReasons = new ArrayList<>();
        boolean blocks = false;
        boolean stop = false;
        HookReply decided = null;
        Map<String, Object> input = null;
        String output = null;
        for (HookReply r : replies) {
            if (r.blocks()) {
                blocks = true;
                add(reasons, r.reason());
            }
            add(contexts, r.context());
            if (r.stop()) {
                stop = true;
                add(stopReasons, r.stopReason());
            }
            if (decided == null || rank(r.permission()) > rank(decided.permission())) {
                decided = r;
            }
            input = input == null ? r.updatedInput() : input;
            output = output == null ? r.updatedOutput() : output;
        }
        Permission permission = decided == null || decided.permission() == Permission.DEFER ? Permission.NONE
                : decided.permission();
        return new HookVerdict(blocks, String.join("\n", reasons), String.join("\n\n", contexts), stop,
                String.join("; ", stopReasons), permission, decided == null ? "" : decided.permissionReason(),
                permission == Permission.DENY ? null : input, output);
    }

    /** deny > defer > ask > allow, as Claude Code ranks them. */
    private static int rank(Permission p) {
        return switch (p) {
            case NONE -> 0;
            case ALLOW -> 1;
            case ASK -> 2;
            case DEFER -> 3;
            case DENY -> 4;
        };
    }

    private static void add(List<String> list, String text) {
        if (text != null && !text.isBlank()) {
            list.add(text.strip());
        }
    }
}
